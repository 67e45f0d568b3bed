c     Integer hashing and bit manipulation: a per-element hash (parallel),
c     and/or/xor and count reductions with IAND, IOR, IEOR, POPCNT, a
c     checksum that feeds each step into the next (serial), and a scatter
c     through the bit-reversal permutation (safe, but only the data say so).
      program bits
      integer n, lg
      parameter (lg = 14, n = 2**lg)
      integer h(0:n-1), r(0:n-1), i, k, m, iand_all, ior_all, ix
      integer nbits, crc, rev
c doall: parallel private(k)
      save h, r
!$omp parallel do simd private(k)
      do 10 i = 0, n - 1
         k = i * 1103 + 12345
         k = ieor(k, ishft(k, -7))
         k = ieor(k, ishft(iand(k, 1048575), 9))
         h(i) = iand(k, 16777215)
   10 continue
!$omp end parallel do simd
      iand_all = -1
      ior_all = 0
      ix = 0
      nbits = 0
c doall: parallel reduction(iand:iand_all) reduction(ior:ior_all) reduction(ieor:ix) reduction(+:nbits)
      do 20 i = 0, n - 1
         iand_all = iand(iand_all, ior(h(i), 65536))
         ior_all = ior(ior_all, h(i))
         ix = ieor(ix, h(i))
         nbits = nbits + popcnt(h(i))
   20 continue
      crc = 0
c doall: serial -- each step of the checksum uses the previous one
      do 30 i = 0, n - 1
         crc = ieor(ishft(iand(crc, 8388607), 1), h(i))
         if (btest(crc, 22)) crc = ieor(crc, 4129)
   30 continue
c doall: either -- the bit reversal of i is a permutation; only the data say so
      do 50 i = 0, n - 1
         rev = 0
         m = i
c doall: serial -- m is shifted and rev built up bit by bit
         do 40 k = 1, lg
            rev = ior(ishft(rev, 1), iand(m, 1))
            m = ishft(m, -1)
   40    continue
         r(rev) = h(i)
   50 continue
      ix = 0
c doall: parallel reduction(ieor:ix)
      do 60 i = 0, n - 1
         ix = ieor(ix, r(i) * mod(i, 7))
   60 continue
      print '(a, 4i12)', ' and, or, xor, bits', iand_all, ior_all, ix,
     &      nbits
      print '(a, i12)', ' crc', crc
      end
