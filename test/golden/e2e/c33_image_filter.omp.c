/* A 3x3 box filter over two unsigned char image buffers handed in as
 * pointers: parallel when the buffers are apart, which only a run-time
 * check can tell; it is called once with two images and once in place,
 * where each row reads the row above as already filtered. */
#include <stdio.h>

#define W 640
#define H 480

static unsigned char img[W * H], out[W * H];

static void box3(int w, int h, const unsigned char *in, unsigned char *dst) {
  // doall: runtime if(in + w * h <= dst || dst + w * h <= in) -- called in place: row y reads row y-1 already filtered
  for (int y = 1; y < h - 1; y++)
    // doall: runtime if(in + w * h <= dst || dst + w * h <= in)
    for (int x = 1; x < w - 1; x++) {
      int s = in[(y - 1) * w + x - 1] + in[(y - 1) * w + x] + in[(y - 1) * w + x + 1]
            + in[y * w + x - 1] + in[y * w + x] + in[y * w + x + 1]
            + in[(y + 1) * w + x - 1] + in[(y + 1) * w + x] + in[(y + 1) * w + x + 1];
      dst[y * w + x] = (unsigned char)(s / 9);
    }
}

static unsigned long hash(const unsigned char *p, int n) {
  unsigned long s = 0;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s) if(n >= 200)
  for (int i = 0; i < n; i++)
    s += (unsigned long)p[i] * (unsigned long)(i % 251 + 1);
  return s;
}

int main(void) {
  // doall: parallel
  #pragma omp parallel for simd
  for (int i = 0; i < W * H; i++) {
    img[i] = (unsigned char)((i * 7 + i / W * 13) % 256);
    out[i] = 0;
  }
  box3(W, H, img, out);
  printf("two buffers %lu\n", hash(out, W * H));
  box3(W, H, out, out);
  printf("in place %lu\n", hash(out, W * H));
  return 0;
}
