/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A stand-in for libcap's <sys/capability.h>: only what the kernel's
 * selftests that we build use (seccomp_bpf's O_SUSPEND_SECCOMP fixture
 * drops CAP_SYS_ADMIN from its effective set; 6.12's also reads it). Debian ships no static
 * libcap for the cross arches, and linking the selftests statically is
 * what lets one initramfs carry them; capget(2) and capset(2) do the rest.
 */
#ifndef KMX_STANDIN_SYS_CAPABILITY_H
#define KMX_STANDIN_SYS_CAPABILITY_H

#include <linux/capability.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

typedef int cap_value_t;
typedef enum { CAP_EFFECTIVE, CAP_PERMITTED, CAP_INHERITABLE } cap_flag_t;
typedef enum { CAP_CLEAR, CAP_SET } cap_flag_value_t;

struct kmx_caps {
	struct __user_cap_header_struct head;
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
};
typedef struct kmx_caps *cap_t;

static inline cap_t cap_get_proc(void)
{
	cap_t c = calloc(1, sizeof(*c));

	if (!c)
		return NULL;
	c->head.version = _LINUX_CAPABILITY_VERSION_3;
	if (syscall(SYS_capget, &c->head, c->data)) {
		free(c);
		return NULL;
	}
	return c;
}

/* The word of set `flag` that holds `cap`, or NULL for a cap out of range. */
static inline __u32 *kmx_cap_word(cap_t c, cap_flag_t flag, cap_value_t cap)
{
	struct __user_cap_data_struct *d;

	if (cap < 0 || cap >= 32 * _LINUX_CAPABILITY_U32S_3)
		return NULL;
	d = &c->data[cap >> 5];
	return flag == CAP_EFFECTIVE ? &d->effective :
	       flag == CAP_PERMITTED ? &d->permitted : &d->inheritable;
}

static inline int cap_set_flag(cap_t c, cap_flag_t flag, int n,
			       const cap_value_t *caps, cap_flag_value_t value)
{
	for (int i = 0; i < n; i++) {
		__u32 *set = kmx_cap_word(c, flag, caps[i]);
		__u32 bit = 1U << (caps[i] & 31);

		if (!set)
			return -1;
		*set = value == CAP_SET ? *set | bit : *set & ~bit;
	}
	return 0;
}

/* seccomp_bpf of 6.12 asks whether it holds CAP_SYS_ADMIN (mode_filter_without_nnp). */
static inline int cap_get_flag(cap_t c, cap_value_t cap, cap_flag_t flag,
			       cap_flag_value_t *value)
{
	const __u32 *set = kmx_cap_word(c, flag, cap);

	if (!set)
		return -1;
	*value = *set & (1U << (cap & 31)) ? CAP_SET : CAP_CLEAR;
	return 0;
}

static inline int cap_set_proc(cap_t c)
{
	return syscall(SYS_capset, &c->head, c->data);
}

static inline int cap_free(void *p)
{
	free(p);
	return 0;
}

#endif
