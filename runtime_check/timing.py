"""Latency of a back-end against eager: interleaved rounds after warm-up, sized by a time budget.

Timing eager once and reusing it for every back-end compares runs made at different times, under
different conditions (other back-ends compiling, what earlier back-ends left behind, the CPU's
clock): a ResNet-18 showed eager 165 ms next to ~1.7 s for each of five back-ends, and 1.00x when
verified with one back-end. Here each round times eager and then the back-end, back to back, so
both medians and ranges come from the same rounds. Torch-free: the caller's functions run and
time one call each (synchronising the device when needed).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Optional

# One timed call: runs the model once and returns the seconds it took.
TimedCall = Callable[[], float]


@dataclass(frozen=True)
class TimingPlan:
    """How many rounds: ``repeat`` exactly when given, else as many as fit in ``budget_s``
    (warm-up included) but at least ``min_repeat`` and at most ``max_repeat``."""

    warmup: int = 1
    repeat: Optional[int] = None
    budget_s: float = 3.0
    min_repeat: int = 3
    max_repeat: int = 100


def spread(seconds: list[float]) -> dict[str, float]:
    """Median and range in milliseconds."""
    ordered = sorted(seconds)
    middle = len(ordered) // 2
    median = ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return {"median_ms": 1000 * median, "min_ms": 1000 * ordered[0], "max_ms": 1000 * ordered[-1]}


def measure(
    eager: TimedCall,
    backend: TimedCall,
    plan: TimingPlan,
    clock: Callable[[], float] = time.perf_counter,
) -> Optional[dict[str, Any]]:
    """Warm both up, then time rounds of (eager, back-end); None when no round is wanted."""
    wanted = plan.repeat
    if wanted is not None and wanted <= 0:
        return None
    started = clock()
    for _ in range(plan.warmup):
        eager()
        backend()
    timed_from = clock()
    eager_s: list[float] = []
    backend_s: list[float] = []
    while True:
        done = len(eager_s)
        if wanted is not None:
            if done >= wanted:
                break
        elif done >= plan.max_repeat:
            break
        elif done >= max(1, plan.min_repeat):
            now = clock()
            per_round = (now - timed_from) / done
            if now - started + per_round > plan.budget_s:
                break
        eager_s.append(eager())
        backend_s.append(backend())
    eager_spread, backend_spread = spread(eager_s), spread(backend_s)
    return {
        "eager_ms": eager_spread["median_ms"],
        "backend_ms": backend_spread["median_ms"],
        "eager_range_ms": [eager_spread["min_ms"], eager_spread["max_ms"]],
        "backend_range_ms": [backend_spread["min_ms"], backend_spread["max_ms"]],
        "speedup": (
            eager_spread["median_ms"] / backend_spread["median_ms"]
            if backend_spread["median_ms"] > 0
            else None
        ),
        "rounds": len(eager_s),
        "warmup": plan.warmup,
        "timing_s": clock() - started,
    }
