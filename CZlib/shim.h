// zlib: deflate/inflate and CRC-32 for PNG. Only includes.
#include <zlib.h>
