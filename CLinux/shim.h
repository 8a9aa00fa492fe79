// Linux event primitives the kiosk's event loop is built on; Swift's Glibc module does not
// include these headers. Only includes.
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <signal.h>
// mallinfo2(): the heap's bytes in use, which the soak samples beside resident memory.
#include <malloc.h>
