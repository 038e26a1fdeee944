"""What the performance rules (TL4xx) cost: each INVALID pattern against its fixed form.

Run: ``python benchmarks/performance_rules.py [--device cpu|cuda|all] [--repeat 5] [--json FILE]``

For every rule, the flagged pattern ("invalid") and the fix ("fixed") run the same work. Each
is warmed up once, then timed ``--repeat`` times (default 9); the table shows the median wall time, the
peak memory of one run, and invalid / fixed ratios (> 1: the flagged form is slower or bigger).

What "peak memory" measures, honestly:
- CUDA: ``torch.cuda.max_memory_allocated()`` above what was allocated before the run (torch's
  caching allocator, device memory held by live tensors).
- CPU: growth of the process's peak resident set (Linux ``VmHWM``, reset before the run by
  writing ``5`` to ``/proc/self/clear_refs``) over the resident set at the start of the run.
  Just before that run glibc's ``malloc_trim(0)`` hands every free page of the heap back to
  the system, so memory the allocator kept from earlier runs cannot hide the run's
  allocations: reusing it faults the pages in again and shows. It counts everything the run
  makes resident at its peak (tensors, the autograd graph, Python objects), in pages;
  differences under ~1 MiB are noise. Without ``/proc`` or glibc it prints ``n/a``.

Cases that only mean something on CUDA (``cudnn.benchmark``, pinned memory) are skipped on
CPU, and CUDA columns are skipped cleanly when no GPU is present. Sizes are chosen so that the
whole CPU run stays well under two minutes on a shared 2-core machine.
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import json
import statistics
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import torch
from torch import nn

Workload = Callable[[], object]


@dataclass
class Case:
    code: str
    what: str
    # device -> (invalid, fixed) workloads; built lazily so CUDA tensors exist only on CUDA.
    build: Callable[[torch.device], Optional[tuple[Workload, Workload]]]


@dataclass
class Measurement:
    seconds: float
    peak_bytes: Optional[int]


# -- memory ---------------------------------------------------------------------------------
def _status_kib(field: str) -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise KeyError(field)


def _glibc() -> Optional[ctypes.CDLL]:
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name) if name else None
        return libc if libc is not None and hasattr(libc, "malloc_trim") else None
    except OSError:
        return None


LIBC = _glibc()


def _cpu_peak_supported() -> bool:
    if LIBC is None:
        return False
    try:
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")
        _status_kib("VmHWM")
        return True
    except OSError:
        return False


def _cpu_peak(work: Workload) -> int:
    assert LIBC is not None
    LIBC.malloc_trim(0)
    with open("/proc/self/clear_refs", "w") as refs:
        refs.write("5")
    before = _status_kib("VmRSS")
    result = work()
    peak = max(0, _status_kib("VmHWM") - before) * 1024
    del result
    return peak


def measure(work: Workload, device: torch.device, repeat: int, cpu_peak: bool) -> Measurement:
    cuda = device.type == "cuda"
    work()  # warm-up: first-call allocations, kernel selection, lazy imports
    if cuda:
        torch.cuda.synchronize()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        if cuda:
            torch.cuda.synchronize()
        times.append(time.perf_counter() - start)
    peak: Optional[int] = None
    if cuda:
        torch.cuda.synchronize()
        before = torch.cuda.memory_allocated()
        torch.cuda.reset_peak_memory_stats()
        result = work()
        torch.cuda.synchronize()
        peak = torch.cuda.max_memory_allocated() - before
        del result
    elif cpu_peak:
        peak = _cpu_peak(work)
    return Measurement(statistics.median(times), peak)


# -- workloads --------------------------------------------------------------------------------
def mlp(device: torch.device, width: int, depth: int, dropout: float = 0.0) -> nn.Module:
    layers: list[nn.Module] = []
    for _ in range(depth):
        layers += [nn.Linear(width, width), nn.BatchNorm1d(width), nn.ReLU()]
        if dropout:
            layers.append(nn.Dropout(dropout))
    return nn.Sequential(*layers).to(device)


def inference_case(device: torch.device) -> tuple[Workload, Workload]:
    """TL401: an evaluation loop that keeps its outputs, with and without autograd."""
    torch.manual_seed(0)
    model = mlp(device, 256, 6).eval()
    batches = [torch.randn(128, 256, device=device) for _ in range(4)]

    def invalid() -> object:
        return [model(x) for x in batches]

    @torch.inference_mode()
    def fixed() -> object:
        return [model(x) for x in batches]

    return invalid, fixed


def detach_case(device: torch.device) -> tuple[Workload, Workload]:
    """TL408: ``model(x).detach()`` against the same call under no_grad."""
    torch.manual_seed(0)
    model = mlp(device, 256, 6).eval()
    x = torch.randn(512, 256, device=device)

    def invalid() -> object:
        return model(x).detach()

    @torch.no_grad()
    def fixed() -> object:
        return model(x)

    return invalid, fixed


def row_loop_case(device: torch.device) -> tuple[Workload, Workload]:
    """TL402: a Python sum over rows against one reduction."""
    x = torch.randn(2048, 64, device=device)
    w = torch.randn(64, device=device)

    def invalid() -> object:
        total = torch.zeros(64, device=device)
        for i in range(x.size(0)):
            total += x[i] * w
        return total

    def fixed() -> object:
        return (x * w).sum(0)

    return invalid, fixed


def stack_case(device: torch.device) -> tuple[Workload, Workload]:
    """TL402: append-then-stack of per-row results against the batched op."""
    x = torch.randn(2048, 64, device=device)

    def invalid() -> object:
        rows = []
        for row in x:
            rows.append(row / row.norm())
        return torch.stack(rows)

    def fixed() -> object:
        return x / x.norm(dim=1, keepdim=True)

    return invalid, fixed


def training_case(device: torch.device, sync: bool) -> Workload:
    torch.manual_seed(0)
    model = mlp(device, 64, 3)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    batches = [torch.randn(32, 64, device=device) for _ in range(30)]

    def run() -> object:
        total: object = 0.0 if sync else torch.zeros((), device=device)
        for x in batches:
            opt.zero_grad(set_to_none=True)
            loss = model(x).pow(2).mean()
            loss.backward()
            opt.step()
            if sync:
                total += loss.item()  # type: ignore[operator]
            else:
                total += loss.detach()  # type: ignore[operator]
        return total if sync else total.item()  # type: ignore[union-attr]

    return run


def sync_case(device: torch.device) -> tuple[Workload, Workload]:
    """TL403: ``loss.item()`` every step against one read after the loop."""
    return training_case(device, sync=True), training_case(device, sync=False)


def train_mode_case(device: torch.device) -> tuple[Workload, Workload]:
    """TL404: evaluating under no_grad in train mode (dropout, batch norm) against eval mode."""
    torch.manual_seed(0)
    model = mlp(device, 256, 4, dropout=0.1)
    x = torch.randn(512, 256, device=device)

    @torch.no_grad()
    def invalid() -> object:
        model.train()
        return model(x)

    @torch.no_grad()
    def fixed() -> object:
        model.eval()
        return model(x)

    return invalid, fixed


def constant_case(device: torch.device) -> tuple[Workload, Workload]:
    """TL405: the same small constant tensor built on every iteration against once."""
    batches = [torch.randn(16, 3, device=device) for _ in range(2000)]

    def invalid() -> object:
        return [x @ torch.tensor([0.299, 0.587, 0.114], device=device) for x in batches]

    def fixed() -> object:
        weights = torch.tensor([0.299, 0.587, 0.114], device=device)
        return [x @ weights for x in batches]

    return invalid, fixed


def to_device_case(device: torch.device) -> tuple[Workload, Workload]:
    """TL406: ``model.to(device)`` and a constant's ``.to(device)`` inside the loop."""
    torch.manual_seed(0)
    model = mlp(device, 64, 6)
    table = torch.randn(512, 64)  # built on the host, as constants usually are
    table_on_device = table.to(device)
    batches = [torch.randn(32, 64, device=device) for _ in range(50)]

    @torch.no_grad()
    def invalid() -> object:
        outs = []
        for x in batches:
            model.to(device)
            outs.append(model(x) + table.to(device)[:32])
        return outs

    @torch.no_grad()
    def fixed() -> object:
        return [model(x) + table_on_device[:32] for x in batches]

    return invalid, fixed


def tensor_of_tensor_case(device: torch.device) -> tuple[Workload, Workload]:
    """TL407: ``torch.tensor(t)`` of a tensor against ``t.clone().detach()``."""
    values = [torch.randn(256, device=device) for _ in range(1000)]

    def invalid() -> object:
        # torch raises the UserWarning on every call; the filter set in main() hides the text.
        return [torch.tensor(t) for t in values]

    def fixed() -> object:
        return [t.clone().detach() for t in values]

    return invalid, fixed


def cudnn_case(device: torch.device) -> Optional[tuple[Workload, Workload]]:
    """TL409: a fixed-shape conv net with and without ``cudnn.benchmark`` (CUDA only)."""
    if device.type != "cuda":
        return None
    torch.manual_seed(0)
    model = nn.Sequential(
        *[m for _ in range(6) for m in (nn.Conv2d(64, 64, 3, padding=1), nn.ReLU())]
    ).to(device)
    x = torch.randn(32, 64, 56, 56, device=device)

    def run(benchmark: bool) -> Workload:
        @torch.no_grad()
        def work() -> object:
            torch.backends.cudnn.benchmark = benchmark
            out = None
            for _ in range(10):
                out = model(x)
            return out

        return work

    return run(False), run(True)


def pinned_case(device: torch.device) -> Optional[tuple[Workload, Workload]]:
    """TL410: host-to-device copies of batches from pageable against pinned memory (CUDA only)."""
    if device.type != "cuda":
        return None
    pageable = [torch.randn(64, 3, 224, 224) for _ in range(8)]
    pinned = [t.pin_memory() for t in pageable]
    weight = torch.randn(3, 3, device=device)

    def invalid() -> object:
        return [torch.einsum("bchw,cd->bdhw", t.to(device), weight) for t in pageable]

    def fixed() -> object:
        return [
            torch.einsum("bchw,cd->bdhw", t.to(device, non_blocking=True), weight) for t in pinned
        ]

    return invalid, fixed


CASES = [
    Case("TL401", "4-batch eval loop keeping outputs, autograd vs inference_mode", inference_case),
    Case("TL402", "Python sum over 2048 rows vs (x * w).sum(0)", row_loop_case),
    Case("TL402", "append 2048 normalised rows + stack vs batched", stack_case),
    Case("TL403", "30 training steps, loss.item() each vs once", sync_case),
    Case("TL404", "no_grad forward, train mode vs eval mode", train_mode_case),
    Case("TL405", "2000 iterations, torch.tensor(const) each vs hoisted", constant_case),
    Case("TL406", "50 steps, model.to + const.to each vs once", to_device_case),
    Case("TL407", "1000x torch.tensor(t) vs t.clone().detach()", tensor_of_tensor_case),
    Case("TL408", "model(x).detach() vs under no_grad", detach_case),
    Case("TL409", "6 conv layers, cudnn.benchmark off vs on", cudnn_case),
    Case("TL410", "8 batch copies to GPU, pageable vs pinned", pinned_case),
]


def _mib(value: Optional[int]) -> str:
    return "n/a" if value is None else f"{value / 2**20:.1f} MiB"


def _ratio(a: Optional[float], b: Optional[float]) -> str:
    if a is None or b is None:
        return "n/a"
    if b <= 0:
        return "inf" if a > 0 else "1.00x"
    return f"{a / b:.2f}x"


def run(devices: list[torch.device], repeat: int) -> list[dict]:
    cpu_peak = _cpu_peak_supported()
    rows = []
    for device in devices:
        for case in CASES:
            built = case.build(device)
            if built is None:
                continue
            invalid, fixed = built
            bad = measure(invalid, device, repeat, cpu_peak)
            good = measure(fixed, device, repeat, cpu_peak)
            rows.append(
                {
                    "code": case.code,
                    "what": case.what,
                    "device": device.type,
                    "invalid_ms": bad.seconds * 1e3,
                    "fixed_ms": good.seconds * 1e3,
                    "time_ratio": bad.seconds / good.seconds if good.seconds else None,
                    "invalid_peak_bytes": bad.peak_bytes,
                    "fixed_peak_bytes": good.peak_bytes,
                }
            )
            row = rows[-1]
            print(
                f"{case.code}  {device.type:4}  {case.what:58}  "
                f"{row['invalid_ms']:9.2f} ms {row['fixed_ms']:9.2f} ms "
                f"{_ratio(bad.seconds, good.seconds):>8}   "
                f"{_mib(bad.peak_bytes):>10} {_mib(good.peak_bytes):>10} "
                f"{_ratio(bad.peak_bytes, good.peak_bytes):>8}",
                flush=True,
            )
            del built, invalid, fixed
            if device.type == "cuda":
                torch.cuda.empty_cache()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", choices=("cpu", "cuda", "all"), default="all")
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument(
        "--threads", type=int, default=1, help="torch CPU threads (1: steadier on a shared machine)"
    )
    parser.add_argument("--json", type=Path, help="also write the rows as JSON")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    warnings.filterwarnings("ignore", message="To copy construct from a tensor")
    devices = []
    if args.device in ("cpu", "all"):
        devices.append(torch.device("cpu"))
    if args.device in ("cuda", "all"):
        if torch.cuda.is_available():
            devices.append(torch.device("cuda"))
        else:
            print("CUDA not available: CUDA column skipped")
    print(
        f"torch {torch.__version__}, {torch.get_num_threads()} CPU threads, median of "
        f"{args.repeat} runs; peak memory: CUDA allocator / CPU peak RSS growth (see docstring)"
    )
    print(
        f"{'rule':5}  {'dev':4}  {'pattern (invalid vs fixed)':58}  {'invalid':>12} {'fixed':>12} "
        f"{'time':>8}   {'inv. peak':>10} {'fix. peak':>10} {'memory':>8}"
    )
    started = time.perf_counter()
    rows = run(devices, args.repeat)
    print(f"total {time.perf_counter() - started:.1f} s")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
