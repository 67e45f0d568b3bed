/* A 3x3 blur, the shape of issue 17: the stencil's own loops
 * for (dy = -1; dy <= 1; dy++) run 3 times each inside a 2-D sweep over an
 * image whose size is read at run time. The blur writes a second image
 * (its rows are parallel); the smoothing after it works in place, so its
 * sweep is serial and the stencil loops are the only parallel loops of
 * the nest: a region there would start 9 times per pixel for 9 statements
 * (doall once wrote one with a constant-false if()). Integer pixels and
 * weights keep the checksum exact. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int h, w, y, x, dy, dx;
  if (sscanf("64 72", "%d %d", &h, &w) != 2) return 1;
  long long (*img)[w] = malloc(sizeof(long long[h][w]));
  long long (*out)[w] = malloc(sizeof(long long[h][w]));
  static const long long k[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};
  long long s, sum = 0;
  if (!img || !out) return 1;
  // doall: parallel private(x)
  if ((const char *)(&img[h - 1][w - 1] + 1) <= (const char *)&out[0][0] || (const char *)(&out[h - 1][w - 1] + 1) <= (const char *)&img[0][0]) {
  #pragma omp parallel for private(x) if(((const char *)(&img[h - 1][w - 1] + 1) <= (const char *)&out[0][0] || (const char *)(&out[h - 1][w - 1] + 1) <= (const char *)&img[0][0]) && (h >= 4))
  for (y = 0; y < h; y++)
    // doall: either
    for (x = 0; x < w; x++) {
      img[y][x] = (y * 37 + x * 11) % 256;
      out[y][x] = img[y][x];
    }
  } else {
  for (y = 0; y < h; y++)
    // doall: either
    for (x = 0; x < w; x++) {
      img[y][x] = (y * 37 + x * 11) % 256;
      out[y][x] = img[y][x];
    }
  }
  // doall: parallel private(x, dy, dx, s)
  if (((const char *)(&k[2][2] + 1) <= (const char *)&out[1][1] || (const char *)(&out[h - 2][w - 2] + 1) <= (const char *)&k[0][0]) && ((const char *)(&img[h - 1][w - 1] + 1) <= (const char *)&out[1][1] || (const char *)(&out[h - 2][w - 2] + 1) <= (const char *)&img[0][0])) {
  #pragma omp parallel for private(dx, dy, s, x) if((((const char *)(&k[2][2] + 1) <= (const char *)&out[1][1] || (const char *)(&out[h - 2][w - 2] + 1) <= (const char *)&k[0][0]) && ((const char *)(&img[h - 1][w - 1] + 1) <= (const char *)&out[1][1] || (const char *)(&out[h - 2][w - 2] + 1) <= (const char *)&img[0][0])) && (h >= 6))
  for (y = 1; y < h - 1; y++)
    // doall: either private(dy, dx, s)
    for (x = 1; x < w - 1; x++) {
      s = 0;
      // doall: either private(dx) reduction(+:s)
      for (dy = -1; dy <= 1; dy++)
        // doall: either reduction(+:s)
        for (dx = -1; dx <= 1; dx++)
          s += k[dy + 1][dx + 1] * img[y + dy][x + dx];
      out[y][x] = s / 16;
    }
  } else {
  for (y = 1; y < h - 1; y++)
    // doall: either private(dy, dx, s)
    for (x = 1; x < w - 1; x++) {
      s = 0;
      // doall: either private(dx) reduction(+:s)
      for (dy = -1; dy <= 1; dy++)
        // doall: either reduction(+:s)
        for (dx = -1; dx <= 1; dx++)
          s += k[dy + 1][dx + 1] * img[y + dy][x + dx];
      out[y][x] = s / 16;
    }
  }
  /* Then out is smoothed in place: pixel (y, x) reads (y - 1, x) and (y, x - 1) written just before. */
  // doall: serial -- reads the row above as smoothed by the previous iteration
  for (y = 1; y < h - 1; y++)
    // doall: serial -- reads out[y][x - 1] written by the previous iteration
    for (x = 1; x < w - 1; x++) {
      s = 0;
      // doall: either private(dx) reduction(+:s)
      for (dy = -1; dy <= 1; dy++)
        // doall: either reduction(+:s)
        for (dx = -1; dx <= 1; dx++)
          s += k[dy + 1][dx + 1] * out[y + dy][x + dx];
      out[y][x] = s / 16;
    }
  // doall: parallel private(x) reduction(+:sum)
  #pragma omp parallel for private(x) reduction(+:sum) if(h >= 4)
  for (y = 0; y < h; y++)
    // doall: either reduction(+:sum)
    for (x = 0; x < w; x++)
      sum += out[y][x] * ((y + 3 * x) % 7 + 1);
  printf("blur checksum %lld corner %lld centre %lld\n", sum, out[1][1], out[h / 2][w / 2]);
  free(img);
  free(out);
  return 0;
}
