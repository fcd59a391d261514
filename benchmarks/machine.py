"""What the benchmarks record of the machine they ran on, beside their figures (shared by solver.py and latency.py)."""

from __future__ import annotations


def cpu_model() -> str | None:
    """The processor's name, as Linux gives it; None elsewhere."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return None
