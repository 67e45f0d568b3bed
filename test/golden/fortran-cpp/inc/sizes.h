! Problem sizes, shared by the solver files.
#define NX 64
#define NY (NX / 2)
#define IDX(i, j) a((i), (j))
