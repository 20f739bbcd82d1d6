"""The machine a peer measurement ran on, as its tables name it: `nproc`, the CPU model, the kernel."""
import os
import platform


def machine() -> str:
    """'nproc 2, AMD EPYC …, Linux 6.x' for a table's heading."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        cores = len(os.sched_getaffinity(0))  # what `nproc` prints
    except (AttributeError, OSError):
        cores = os.cpu_count()
    return f"nproc {cores}, {model}, {platform.system()} {platform.release()}"
