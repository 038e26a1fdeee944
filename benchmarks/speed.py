"""How fast torchlint lints, next to a bare libcst parse of the same files, in one run.

The corpus is Python source that the test environment already has, read as files and never
imported: by default the installed ``torch/nn`` package (``--corpus torch`` for the whole
torch tree, about 2,300 files and 1.2 M lines; ``--corpus transformers`` for the transformers
package installed here or in the accuracy benchmark's environment, ``benchmarks/accuracy/env``,
about 2,700 files and 1.1 M lines; or any folders). Each measurement runs in a
fresh child process, one after another, so the ratios share the machine's noise:

- bare parse: ``libcst.parse_module`` of every file (CPU seconds);
- cold: ``lint_files`` with every rule, one process, empty cache (CPU seconds, peak RSS);
- warm: the same again over the cache it left (CPU seconds);
- ``--repeat N``: each of those N times, taking turns, keeping each one's least CPU time;
- parallel: cold wall time with ``-j 1`` and ``-j N`` (N = cores);
- ``--rules``: CPU seconds spent in each rule's visit methods (where to look next).

Usage: python benchmarks/speed.py [--corpus nn|torch|transformers|PATH ...] [--rules]
                                  [--no-parallel] [--repeat N]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Optional


def package_root(name: str) -> Optional[Path]:
    """The source folder of an installed package (found, not imported), or of the one the
    accuracy benchmark's environment holds."""
    spec = importlib.util.find_spec(name)
    if spec is not None and spec.origin:
        return Path(spec.origin).parent
    env = Path(__file__).resolve().parent / "accuracy" / "env"
    for candidate in sorted(env.glob(f"lib/python*/site-packages/{name}/__init__.py")):
        return candidate.parent
    return None


def corpus_files(spec: list[str]) -> list[str]:
    folders: list[Path] = []
    for item in spec:
        if item in ("nn", "torch", "transformers"):
            root = package_root("transformers" if item == "transformers" else "torch")
            if root is None:
                sys.exit(f"{item} is not installed; name folders to read instead")
            folders.append(root / "nn" if item == "nn" else root)
        else:
            folders.append(Path(item))
    files: list[str] = []
    for folder in folders:
        if folder.is_file():
            files.append(str(folder))
        else:
            files.extend(
                str(p) for p in sorted(folder.rglob("*.py")) if "__pycache__" not in p.parts
            )
    return files


CHILD = textwrap.dedent(
    """
    import json, resource, sys, time
    files = json.load(open(sys.argv[1]))
    mode, cache_dir, jobs = sys.argv[2], sys.argv[3] or None, int(sys.argv[4])
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    extra = {}
    if mode == "parse":
        import libcst
        for path in files:
            try:
                libcst.parse_module(open(path, encoding="utf-8", errors="replace").read())
            except Exception:
                pass
    else:
        from torchlint.lint import run
        rule_time = {}
        if mode == "rules":
            from torchlint.lint import engine
            original = engine._Dispatcher._call
            def timed(self, handlers, node):
                for rule, handler in handlers:
                    began = time.process_time()
                    original(self, [(rule, handler)], node)
                    rule_time[rule.code] = rule_time.get(rule.code, 0.0) + time.process_time() - began
            engine._Dispatcher._call = timed
        results = run.lint_files(files, jobs=jobs, cache_dir=cache_dir)
        extra["findings"] = sum(len(r.diagnostics) for r in results)
        extra["errors"] = sum(len(r.errors) for r in results)
        extra["rules"] = rule_time
    cpu = time.process_time() - start_cpu
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu += children.ru_utime + children.ru_stime
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"cpu": cpu, "wall": time.perf_counter() - start_wall, "rss_mb": rss, **extra}))
    """
)


def measure(files_json: str, mode: str, cache_dir: str = "", jobs: int = 1) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, files_json, mode, cache_dir, str(jobs)],
        capture_output=True,
        text=True,
    )
    if out.returncode != 0:
        sys.exit(f"the {mode} run failed (exit status {out.returncode}):\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", nargs="+", default=["nn"])
    parser.add_argument("--rules", action="store_true", help="also time each rule")
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        metavar="N",
        help="measure the bare parse, cold and warm runs N times each, keeping the least CPU",
    )
    parser.add_argument(
        "--no-parallel",
        action="store_true",
        help="skip the -j 1 / -j N runs (two more cold runs: minutes on a big corpus)",
    )
    args = parser.parse_args()
    files = corpus_files(args.corpus)
    lines = sum(
        Path(f).read_text(encoding="utf-8", errors="replace").count("\n") + 1 for f in files
    )
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as scratch:
        files_json = os.path.join(scratch, "files.json")
        Path(files_json).write_text(json.dumps(files))
        # The machine's noise moves one measurement by 10-20%: with --repeat, the bare parse
        # and the cold run take turns, and each keeps its least CPU time (as timeit does).
        parses, colds, warms = [], [], []
        for turn in range(args.repeat):
            parses.append(measure(files_json, "parse"))
            turn_cache = os.path.join(scratch, f"cache{turn}")
            colds.append(measure(files_json, "lint", turn_cache))
            warms.append(measure(files_json, "lint", turn_cache))
        parse = min(parses, key=lambda m: m["cpu"])
        cold = min(colds, key=lambda m: m["cpu"])
        warm = min(warms, key=lambda m: m["cpu"])
        cold["rss_mb"] = max(m["rss_mb"] for m in colds)
        serial = parallel = None
        if not args.no_parallel:
            serial = measure(files_json, "lint", "", 1)
            parallel = measure(files_json, "lint", "", cores)
        profile = measure(files_json, "rules") if args.rules else None

    print(f"files                         {len(files):>10}")
    print(f"lines                         {lines:>10}")
    print(f"findings                      {cold['findings']:>10}  (errors: {cold['errors']})")
    print(
        f"bare libcst parse, CPU s      {parse['cpu']:>10.2f}  ({lines / parse['cpu']:,.0f} lines/s)"
    )
    print(
        f"torchlint cold, CPU s         {cold['cpu']:>10.2f}  ({cold['cpu'] / parse['cpu']:.2f} x parse,"
        f" {lines / cold['cpu']:,.0f} lines/s; goal <= 1.6 x)"
    )
    print(
        f"torchlint warm, CPU s         {warm['cpu']:>10.2f}  ({warm['cpu'] / cold['cpu']:.1%} of cold;"
        " goal <= 5%)"
    )
    if serial is not None and parallel is not None:
        print(
            f"wall -j 1 / -j {cores}, s           {serial['wall']:>6.2f} / {parallel['wall']:.2f}"
            f"  ({serial['wall'] / parallel['wall']:.2f} x faster)"
        )
    print(f"peak RSS, cold run, MB        {cold['rss_mb']:>10.0f}  (goal < 300)")
    if profile:
        print("\nCPU seconds in each rule's visit methods (top 15):")
        for code, seconds in sorted(profile["rules"].items(), key=lambda item: -item[1])[:15]:
            print(f"  {code}  {seconds:8.3f}")


if __name__ == "__main__":
    main()
