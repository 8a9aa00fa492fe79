// libdrm: the kernel mode-setting API. Only includes; no code of our own here.
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
