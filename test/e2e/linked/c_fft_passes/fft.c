#include "fft.h"

/* The block size of the passes and their work areas: statics of this file
 * (NPB-C FT's fftblock, plane and scr). */
static int fftblock;
static cplx plane[(BMAX + 1) * 32];
static cplx scr[32][BMAX + 1];

static int ilog2(int n) {
  int nn, lg;
  if (n == 1) return 0;
  lg = 1;
  nn = 2;
  // doall: serial -- a while loop
  while (nn < n) {
    nn = nn * 2;
    lg = lg + 1;
  }
  return lg;
}

/* One radix-2 Stockham transform of length n = 2^m on each of the vlen
 * columns of the matrix x[n][xd1], through the scratch matrix scr: every
 * pass writes all n rows of scr before the copy back reads them. */
static void passes(int m, int vlen, int n, int xd1, void *ox, int sign) {
  cplx (*x)[xd1] = (cplx (*)[xd1])ox;
  int l, i, j, k, li, lj, lk;
  double c, s, ar, ai, br, bi;
  if (timers_on) timer_start(1);
  lj = 1;
  li = 1 << m;
  // doall: serial -- each pass works on the previous one's result
  for (l = 1; l <= m; l++) {
    lk = lj;
    lj = 2 * lk;
    li = li / 2;
    // doall: either private(ar, ai, br, bi, c, j, k, s)
    for (i = 0; i < li; i++) {
      c = 1.0 - 0.25 * i / li;
      s = sign * 0.5 * i / li;
      // doall: either private(ar, ai, br, bi, j)
      for (k = 0; k < lk; k++) {
        // doall: either private(ar, ai, br, bi)
        for (j = 0; j < vlen; j++) {
          ar = x[i * lk + k][j].re;
          ai = x[i * lk + k][j].im;
          br = x[i * lk + k + n / 2][j].re;
          bi = x[i * lk + k + n / 2][j].im;
          scr[i * lj + k][j] = (cplx){ar + br, ai + bi};
          scr[i * lj + k + lk][j] = (cplx){c * (ar - br) - s * (ai - bi), c * (ai - bi) + s * (ar - br)};
        }
      }
    }
    // doall: either private(j)
    for (k = 0; k < n; k++)
      // doall: either
      for (j = 0; j < vlen; j++) x[k][j] = scr[k][j];
  }
  if (timers_on) timer_stop(1);
}

/* The three passes over a field x[n3][n2][n1 + 1] (the last row pads each
 * column): along the rows through the work vector plane, along the columns
 * on x itself from an element past the column's first row, and along the
 * planes into xout, which the caller may pass as x itself. */
void fft3(int n1, int n2, int n3, cplx x[n3][n2][n1 + 1], cplx xout[(n1 + 1) * n2 * n3]) {
  int i, j, k, bls, ble, len, blkp, lg;

  fftblock = CACHE / n1;
  if (fftblock >= BMAX) fftblock = BMAX;
  blkp = fftblock + 1;
  lg = ilog2(n1);
  // doall: parallel private(ble, bls, i, j, len)
  for (k = 0; k < n3; k++) {
    // doall: serial -- every block goes through the work vector plane and the scratch scr of passes
    for (bls = 0; bls < n2; bls += fftblock) {
      ble = bls + fftblock - 1;
      if (ble > n2 - 1) ble = n2 - 1;
      len = ble - bls + 1;
      // doall: either private(i)
      for (j = bls; j <= ble; j++)
        // doall: either
        for (i = 0; i < n1; i++) plane[j - bls + blkp * i] = x[k][j][i];
      passes(lg, len, n1, blkp, plane, 1);
      // doall: either private(i)
      for (j = bls; j <= ble; j++)
        // doall: either
        for (i = 0; i < n1; i++) x[k][j][i] = plane[j - bls + blkp * i];
    }
  }

  fftblock = CACHE / n2;
  if (fftblock >= BMAX) fftblock = BMAX;
  lg = ilog2(n2);
  // doall: parallel private(ble, bls, len)
  for (k = 0; k < n3; k++) {
    // doall: serial -- passes works in the scratch scr, one for the whole program
    for (bls = 0; bls < n1; bls += fftblock) {
      ble = bls + fftblock - 1;
      if (ble > n1 - 1) ble = n1 - 1;
      len = ble - bls + 1;
      passes(lg, len, n2, n1 + 1, &x[k][0][bls], 1);
    }
  }

  fftblock = CACHE / n3;
  if (fftblock >= BMAX) fftblock = BMAX;
  blkp = fftblock + 1;
  lg = ilog2(n3);
  // doall: parallel private(ble, bls, i, j, len)
  for (k = 0; k < n2; k++) {
    // doall: serial -- every block goes through the work vector plane and the scratch scr of passes
    for (bls = 0; bls < n1; bls += fftblock) {
      ble = bls + fftblock - 1;
      if (ble > n1 - 1) ble = n1 - 1;
      len = ble - bls + 1;
      // doall: either private(j)
      for (i = 0; i < n3; i++)
        // doall: either
        for (j = bls; j <= ble; j++) plane[j - bls + blkp * i] = x[i][k][j];
      passes(lg, len, n3, blkp, plane, -1);
      // doall: either private(j)
      for (i = 0; i < n3; i++)
        // doall: either
        for (j = bls; j <= ble; j++) xout[j + (n1 + 1) * (k + n2 * i)] = plane[j - bls + blkp * i];
    }
  }
}
