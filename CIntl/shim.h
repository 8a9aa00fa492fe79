// glibc's libintl (gettext) and per-thread locales: the Glibc module leaves libintl.h out.
// glibc provides both; nothing to link. Only includes.
#include <libintl.h>
#include <locale.h>
