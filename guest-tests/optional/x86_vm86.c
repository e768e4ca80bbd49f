// SPDX-License-Identifier: GPL-2.0
/*
 * i386's vm86 mode. A task enters it with vm86(VM86_ENTER, &state): the
 * kernel reads the 16-bit registers from a struct vm86plus_struct in user
 * memory and runs 16-bit code. When the code does something the kernel
 * does not emulate, save_v86_state() (arch/x86/kernel/vm86_32.c) writes
 * the registers back into that struct and returns to the 32-bit caller.
 * When that write faults, the task cannot be given its state back, and
 * the kernel ends the process with SIGSEGV; at base that was
 * do_exit(SIGSEGV): only the thread (patches 05, 13 and 16).
 *
 * The trigger: a state the kernel can read but not write (filled, then
 * made read-only), and 16-bit code that leaves vm86 mode at once. First,
 * untraced, the same round trip with a writable state proves that vm86
 * mode exists and that QEMU runs the 16-bit code; if not, the test SKIPs
 * and says what it saw.
 */
#include <asm/vm86.h>
#include "harness.h"

#define KTAP_PREFIX "x86_vm86_"

/*
 * A vm86 address is segment * 16 + offset, so the 16-bit code must sit
 * below 1 MiB + 64 KiB: here in one page at segment 0x1000, linear
 * 0x10000, with its stack at the top of the same page. 0x10000 is not
 * below vm.mmap_min_addr's usual values (4096, or Debian's 65536); the
 * guest runs as root, which vm86() requires anyway when mmap_min_addr is
 * not 0 (security_mmap_addr(0) in do_sys_vm86, CAP_SYS_RAWIO).
 */
#define VM86_SEG	0x1000
#define VM86_PAGE	((void *)(VM86_SEG << 4))
#define VM86_AX_MARK	0x1234

/*
 * The 16-bit code:
 *   mov ax, 0x1234   a mark in a register, which the round trip reads back
 *                    to prove that the code ran
 *   hlt              privileged in vm86 mode (CPL 3): #GP, which
 *                    handle_vm86_fault() does not emulate, so the kernel
 *                    leaves vm86 mode through save_v86_state(VM86_UNKNOWN)
 */
#define VM86_HLT_IP	3
static const unsigned char vm86_code[] = {
	0xb8, VM86_AX_MARK & 0xff, VM86_AX_MARK >> 8,
	0xf4,
};

static long sys_vm86(unsigned long cmd, void *arg)
{
	return my_syscall2(__NR_vm86, cmd, arg);
}

/* Maps the 16-bit code's page at its fixed address; 0 or -errno. */
static long map_vm86_page(void)
{
	void *p = sys_mmap(VM86_PAGE, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
			   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);

	if (k_is_err(p))
		return (long)p;
	if (p != VM86_PAGE)	/* a kernel that took the address as a hint */
		return -EEXIST;
	memcpy(p, vm86_code, sizeof(vm86_code));
	return 0;
}

/* The 16-bit registers to start with: the code at VM86_SEG:0. */
static void fill_state(struct vm86plus_struct *vm)
{
	memset(vm, 0, sizeof(*vm));
	vm->regs.cs = VM86_SEG;
	vm->regs.eip = 0;
	vm->regs.ss = VM86_SEG;
	vm->regs.esp = 4096 - 16;
	vm->regs.ds = VM86_SEG;
	vm->regs.es = VM86_SEG;
	vm->cpu_type = CPU_386;	/* no VM86_SCREEN_BITMAP, nothing revectored */
}

/* The round trip's outcome, in a shared page: the child writes, we read. */
struct round_trip {
	long ret;
	struct vm86plus_struct vm;
};

/*
 * Enters vm86 mode with a writable state, in an untraced child, and checks
 * what a CPU would give: vm86() returns VM86_UNKNOWN (the hlt's #GP), and
 * the state written back holds the mark in ax and the hlt's cs:ip. 0 when
 * it did; otherwise non-zero, with what happened in why (the SKIP's reason).
 */
static int vm86_round_trip(char *why, size_t size)
{
	struct round_trip *rt = sys_mmap(NULL, 4096, PROT_READ | PROT_WRITE,
					 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int status = 0;
	kmx_pid_t pid;

	if (k_is_err(rt))
		return k_snprintf(why, size, "mmap of the shared page failed: %ld", (long)rt);
	rt->ret = -1;
	fill_state(&rt->vm);
	pid = sys_fork();
	if (pid == 0) {
		rt->ret = sys_vm86(VM86_ENTER, &rt->vm);
		sys_exit_group(0);
	}
	if (pid < 0)
		return k_snprintf(why, size, "fork: %d", pid);
	if (ktap_wait_timeout(pid, &status, HARNESS_WAIT_MS) != pid) {
		sys_kill(pid, SIGKILL);
		sys_wait4(pid, &status, 0);
		return k_snprintf(why, size, KMX_TIMEOUT ": vm86 mode did not come back within %d ms", HARNESS_WAIT_MS);
	}
	ktap_diag("vm86 round trip with a writable state: 'mov ax, 0x%x; hlt' at %x:0, vm86() returned 0x%lx, "
		  "state written back: ax 0x%lx, cs:ip %x:%lx",
		  VM86_AX_MARK, VM86_SEG, rt->ret, rt->vm.regs.eax, rt->vm.regs.cs, rt->vm.regs.eip);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		return k_snprintf(why, size, "the child that entered vm86 mode ended with wait status 0x%x", status);
	if (rt->ret == -EPERM)
		return k_snprintf(why, size, "vm86() is -EPERM: not allowed to map address 0 "
				  "(vm.mmap_min_addr > 0 and no CAP_SYS_RAWIO)");
	if (rt->ret < 0)
		return k_snprintf(why, size, "vm86(VM86_ENTER) failed: %ld", rt->ret);
	if (VM86_TYPE(rt->ret) != VM86_UNKNOWN)
		return k_snprintf(why, size, "vm86() returned 0x%lx, expected type VM86_UNKNOWN (%d) for the hlt",
				  rt->ret, VM86_UNKNOWN);
	if ((rt->vm.regs.eax & 0xffff) != VM86_AX_MARK || rt->vm.regs.cs != VM86_SEG ||
	    (rt->vm.regs.eip & 0xffff) != VM86_HLT_IP)
		return k_snprintf(why, size, "the 16-bit code did not run as on a CPU: expected ax 0x%x at %x:%x, "
				  "got ax 0x%lx at %x:%lx", VM86_AX_MARK, VM86_SEG, VM86_HLT_IP,
				  rt->vm.regs.eax, rt->vm.regs.cs, rt->vm.regs.eip);
	return 0;
}

static struct vm86plus_struct *readonly_state;

/* The trigger, in the traced tracee: vm86 mode, whose way out cannot save the state. */
static void enter_vm86_with_readonly_state(void)
{
	long r = sys_vm86(VM86_ENTER, readonly_state);

	/* Here only if the kernel did not end the process: say what it did. */
	k_printf("# vm86() with the read-only state returned 0x%lx\n", r);
}

KTAP_TEST(save_state_readonly)
{
	char why[KTAP_REASON_MAX - 40];
	long r;

	/*
	 * VM86_PLUS_INSTALL_CHECK returns 0 wherever vm86() exists; a
	 * kernel without CONFIG_VM86, or a 64-bit one, has no such call.
	 */
	r = sys_vm86(VM86_PLUS_INSTALL_CHECK, NULL);
	if (r == -ENOSYS)
		return KTAP_SKIP("no vm86 in this kernel: vm86(VM86_PLUS_INSTALL_CHECK) is -ENOSYS "
				 "(CONFIG_X86_LEGACY_VM86 off, or a 64-bit kernel)");
	KTAP_ASSERT_EQ(0, r, "vm86(VM86_PLUS_INSTALL_CHECK)");

	r = map_vm86_page();
	KTAP_FAIL_IF(r, "mmap of the 16-bit code's page at %p: %ld", VM86_PAGE, r);
	if (vm86_round_trip(why, sizeof(why)))
		return KTAP_SKIP("vm86 mode does not work here, so the path cannot be reached: %s", why);

	/*
	 * The state the trigger enters with: vm86() reads it (copy_from_user),
	 * and save_v86_state()'s first unsafe_put_user() faults on it.
	 */
	readonly_state = harness_map(4096, PROT_READ | PROT_WRITE);
	KTAP_FAIL_IF(!readonly_state, "mmap of the state's page failed");
	fill_state(readonly_state);
	r = sys_mprotect(readonly_state, 4096, PROT_READ);
	KTAP_FAIL_IF(r, "mprotect(PROT_READ) of the state: %ld", r);
	return forced_exit_check_flags(SIGSEGV, enter_vm86_with_readonly_state, FORCED_EXIT_BY_KERNEL);
}

KTAP_MAIN
