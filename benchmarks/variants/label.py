"""Label the generated variants with torch's own verdicts, as the probes are labelled.

Each variant (``generate.py``) is asked of each back-end by the probes' labeller,
``tests/oracle.py``'s ``check`` (see ``benchmarks/probe_score.py --verdicts``): script,
trace, compile (``fullgraph=True, backend="eager"`` and no graph break in plain compile) and
export, on CPU. The variant is imported from where it lies, so a package variant's relative
imports resolve and TorchScript reads the real file. Torch runs in child processes, a batch of
variants each, ``-j`` at a time, with a timeout per variant; a batch that times out keeps the
verdicts it gave and its other variants are asked again one per child. Verdicts go to
``benchmarks/variants/verdicts.json`` after every batch, so an interrupted run resumes:

    python benchmarks/variants/label.py [--glob 'b1_*__alias'] [--backends compile,export]
        [-j 2] [--batch 6] [--timeout 120] [--regen] [--limit N]

Unlabelled variants are taken probe by probe (every form of a probe together), the probes in a
fixed shuffled order, so a partial run labels every form of a sample of the probes.
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import json
import os
import subprocess
import sys
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Optional

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generate import REPO, entry_files, import_variant, probe_of  # noqa: E402

VERDICTS = HERE / "verdicts.json"
BACKENDS = ("compile", "export", "trace", "script")
MARK = "VERDICT "


def load_verdicts(path: Path = VERDICTS) -> dict[str, dict[str, dict]]:
    return json.loads(path.read_text()) if path.exists() else {}


def save_verdicts(verdicts: dict[str, dict[str, dict]], path: Path = VERDICTS) -> None:
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(verdicts, indent=1, sort_keys=True) + "\n")
    os.replace(temporary, path)


def worker(names: Sequence[str], backends: Sequence[str], root: Path) -> None:
    """In the child: print one marked JSON line per verdict, as soon as torch gives it."""
    sys.path.insert(0, str(REPO))
    from tests import oracle  # noqa: PLC0415 - needs torch, only in the child

    entries = entry_files(root)
    modules = {}
    # The oracle imports an example from its source text; hand it the variant imported from
    # its own files instead (relative imports, TorchScript reading the real file).
    oracle.load_example = lambda source: modules[source]
    for name in names:
        entry = entries[name]
        source = entry.read_text()
        try:
            modules[source] = import_variant(entry, root)
        except Exception as exc:  # generate.py checked it runs; say so if it does not
            print(MARK + json.dumps({"name": name, "error": repr(exc)}), flush=True)
            continue
        for backend in backends:
            verdict = oracle.check(source, backend)
            record = {"name": name, "backend": backend, "ok": verdict.ok, "detail": verdict.detail}
            print(MARK + json.dumps(record), flush=True)


def _child(names: list[str], backends: Sequence[str], root: Path, timeout: float) -> tuple:
    """Run one batch in a child: (records it printed, whether it timed out, stderr tail)."""
    command = [sys.executable, __file__, "--worker", "--root", str(root)]
    command += ["--backends", ",".join(backends), *names]
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=timeout * len(names), env=env
        )
        out, timed_out, err = done.stdout, False, done.stderr
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else exc.stdout or ""
        timed_out, err = True, ""
    records = [json.loads(line[len(MARK) :]) for line in out.splitlines() if line.startswith(MARK)]
    return records, timed_out, err[-300:]


def pending(
    names: Sequence[str], verdicts: dict, backends: Sequence[str], regen: bool
) -> list[str]:
    """The variants missing a verdict, all forms of one probe together, the probes in a fixed
    shuffled order: a partial run labels every form of a sample of the probes."""
    todo = [n for n in names if regen or any(b not in verdicts.get(n, {}) for b in backends)]
    return sorted(todo, key=lambda n: (_shuffled(probe_of(n)), n))


def _shuffled(probe: str) -> str:
    return hashlib.sha1(probe.encode()).hexdigest()


def label(
    names: Sequence[str],
    backends: Sequence[str],
    root: Path,
    verdicts_path: Path = VERDICTS,
    jobs: int = 2,
    batch: int = 9,
    timeout: float = 120,
    regen: bool = False,
) -> dict[str, dict[str, dict]]:
    verdicts = load_verdicts(verdicts_path)
    todo = pending(names, verdicts, backends, regen)
    lock = threading.Lock()
    batches = [todo[i : i + batch] for i in range(0, len(todo), batch)]
    count = {"done": 0}

    def run(names_: list[str]) -> None:
        records, timed_out, err = _child(names_, backends, root, timeout)
        got = {r["name"] for r in records if "backend" in r}
        missing = [n for n in names_ if n not in got]
        if timed_out and len(names_) > 1:  # ask the rest one per child
            for name in missing:
                run([name])
            missing = []
        with lock:
            for r in records:
                if "backend" in r:
                    entry = verdicts.setdefault(r["name"], {})
                    entry[r["backend"]] = {"ok": r["ok"], "detail": r["detail"]}
                else:
                    print(f"{r['name']}: does not import: {r['error'][:200]}", flush=True)
            for name in missing:
                why = f"timed out after {timeout:g} s" if timed_out else f"child failed: {err}"
                print(f"{name}: no verdict ({why})", flush=True)
            count["done"] += len(names_)
            save_verdicts(verdicts, verdicts_path)
            print(f"{count['done']}/{len(todo)} labelled", flush=True)

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(run, batches))
    return verdicts


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help=argparse.SUPPRESS)
    parser.add_argument("--glob", default="*", help="variant names to label (fnmatch)")
    parser.add_argument("--backends", default=",".join(BACKENDS))
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--batch", type=int, default=9, help="variants per child process")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per variant")
    parser.add_argument("--regen", action="store_true", help="label again what has verdicts")
    parser.add_argument("--limit", type=int, default=0, help="label at most N variants")
    parser.add_argument("--root", default=str(HERE / "probes"), help=argparse.SUPPRESS)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    backends = [b for b in args.backends.split(",") if b]
    unknown = [b for b in backends if b not in BACKENDS]
    if unknown:
        print(f"unknown back-end(s): {', '.join(unknown)}", file=sys.stderr)
        return 2
    root = Path(args.root)
    if args.worker:
        worker(args.names, backends, root)
        return 0
    names = [n for n in entry_files(root) if fnmatch.fnmatch(n, args.glob)]
    if not names:
        print(f"no generated variant matches {args.glob!r} (run generate.py)", file=sys.stderr)
        return 2
    verdicts = load_verdicts()
    todo = pending(names, verdicts, backends, args.regen)
    if args.limit:
        todo = todo[: args.limit]
    label(todo, backends, root, jobs=args.jobs, batch=args.batch, timeout=args.timeout,
          regen=args.regen)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
