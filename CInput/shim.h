// libinput: touch events; the kernel's input and uinput headers for `tribune play`'s virtual
// devices. libudev (which libinput.h names) is the CUdev module's, owned by the Udev target.
#include <libinput.h>
#include <linux/input.h>
#include <linux/uinput.h>

// The uinput ioctl request numbers are _IO/_IOW/_IOR macros that Swift cannot import.
static inline unsigned long tribune_ui_dev_create(void) { return UI_DEV_CREATE; }
static inline unsigned long tribune_ui_dev_destroy(void) { return UI_DEV_DESTROY; }
static inline unsigned long tribune_ui_dev_setup(void) { return UI_DEV_SETUP; }
static inline unsigned long tribune_ui_abs_setup(void) { return UI_ABS_SETUP; }
static inline unsigned long tribune_ui_set_evbit(void) { return UI_SET_EVBIT; }
static inline unsigned long tribune_ui_set_keybit(void) { return UI_SET_KEYBIT; }
static inline unsigned long tribune_ui_set_relbit(void) { return UI_SET_RELBIT; }
static inline unsigned long tribune_ui_set_absbit(void) { return UI_SET_ABSBIT; }
static inline unsigned long tribune_ui_set_mscbit(void) { return UI_SET_MSCBIT; }
static inline unsigned long tribune_ui_set_ledbit(void) { return UI_SET_LEDBIT; }
static inline unsigned long tribune_ui_set_sndbit(void) { return UI_SET_SNDBIT; }
static inline unsigned long tribune_ui_set_ffbit(void) { return UI_SET_FFBIT; }
static inline unsigned long tribune_ui_set_swbit(void) { return UI_SET_SWBIT; }
static inline unsigned long tribune_ui_set_propbit(void) { return UI_SET_PROPBIT; }
/// UI_GET_SYSNAME(len): the name of the device's `inputN` directory under /sys/devices/virtual/input.
static inline unsigned long tribune_ui_get_sysname(unsigned int length) { return UI_GET_SYSNAME(length); }
