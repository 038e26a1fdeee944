"""Score torchlint's graph-code findings against torch's own verdicts on held-out probe models.

Each probe in ``benchmarks/probes/`` is a small file defining ``Model`` (or ``fn``) and
``inputs()``, checked like a rule example (see ``tests/oracle.py``). Torch's verdict per probe
and back-end is cached in ``benchmarks/probes/verdicts.json`` so scoring needs no torch:

    python benchmarks/probe_score.py --verdicts            # compute missing verdicts (torch)
    python benchmarks/probe_score.py --regen               # recompute every selected verdict
    python benchmarks/probe_score.py                       # score all probes, all back-ends
    python benchmarks/probe_score.py --glob 'b2_*' --backends compile,export,trace

A probe is predicted to break back-end B when any finding of the linter names B; it breaks B
when torch's verdict for B is not ok. Scores are at the model level, per back-end and per batch
(the file-name prefix before the first ``_``: ``b1``, ``b2``, ``script``...).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROBES = HERE / "probes"
VERDICTS = PROBES / "verdicts.json"
REPO = HERE.parent
BACKENDS = ("compile", "export", "trace", "script")


def probe_files(pattern: str) -> list[Path]:
    return sorted(p for p in PROBES.glob("*.py") if fnmatch.fnmatch(p.name, pattern))


def load_verdicts() -> dict[str, dict[str, dict]]:
    if VERDICTS.exists():
        return json.loads(VERDICTS.read_text())
    return {}


def compute_verdicts(files: list[Path], backends: tuple[str, ...], regen: bool) -> None:
    """Ask torch (through the test oracle) for every missing (or, with ``regen``, every) verdict."""
    sys.path.insert(0, str(REPO))
    from tests.oracle import check  # noqa: PLC0415 - needs torch, only when asked

    verdicts = load_verdicts()
    for path in files:
        entry = verdicts.setdefault(path.stem, {})
        source = path.read_text()
        for backend in backends:
            if backend in entry and not regen:
                continue
            verdict = check(source, backend)
            entry[backend] = {"ok": verdict.ok, "detail": verdict.detail}
            print(f"{path.stem:32} {verdict}", flush=True)
        VERDICTS.write_text(json.dumps(verdicts, indent=1, sort_keys=True) + "\n")


def predictions(files: list[Path], backend: str) -> dict[str, list[str]]:
    """Findings naming ``backend`` per probe, as ``"line CODE"`` strings."""
    from torchlint.lint.engine import lint_files
    from torchlint.lint.settings import Settings

    # "Can this be scripted?" is asked explicitly; the other back-ends use the defaults.
    settings = Settings(targets=(backend,), targets_explicit=backend == "script")
    found: dict[str, list[str]] = {}
    for result in lint_files([str(p) for p in files], settings=settings):
        stem = Path(result.path).stem
        found[stem] = [f"{d.line} {d.code}" for d in result.diagnostics if backend in d.targets]
        for error in result.errors:
            print(f"lint error in {stem}: {error}", file=sys.stderr)
    return found


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0


def score(
    files: list[Path], backends: tuple[str, ...], verbose: bool
) -> dict[tuple[str, str], Score]:
    verdicts = load_verdicts()
    scores: dict[tuple[str, str], Score] = defaultdict(Score)
    problems: list[str] = []
    for backend in backends:
        judged = [p for p in files if backend in verdicts.get(p.stem, {})]
        if not judged:
            continue
        found = predictions(judged, backend)
        for path in judged:
            batch = path.stem.split("_", 1)[0]
            breaks = not verdicts[path.stem][backend]["ok"]
            predicted = bool(found.get(path.stem))
            for key in ((backend, batch), (backend, "all")):
                s = scores[key]
                if breaks and predicted:
                    s.tp += 1
                elif predicted:
                    s.fp += 1
                elif breaks:
                    s.fn += 1
                else:
                    s.tn += 1
            if breaks != predicted:
                label = "MISS " if breaks else "FALSE"
                why = (
                    verdicts[path.stem][backend]["detail"]
                    if breaks
                    else ", ".join(found[path.stem])
                )
                problems.append(f"{label} {backend:8} {path.stem:32} {why[:110]}")
    if verbose:
        for line in problems:
            print(line)
        print()
    print(f"{'backend':8} {'batch':7} {'TP':>3} {'FP':>3} {'FN':>3} {'TN':>3}  precision  recall")
    for (backend, batch), s in sorted(scores.items()):
        print(
            f"{backend:8} {batch:7} {s.tp:3} {s.fp:3} {s.fn:3} {s.tn:3}"
            f"  {s.precision:9.2f}  {s.recall:6.2f}"
        )
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--glob", default="*", help="probe file names to use (fnmatch)")
    parser.add_argument("--backends", default=",".join(BACKENDS))
    parser.add_argument("--verdicts", action="store_true", help="compute missing verdicts (torch)")
    parser.add_argument("--regen", action="store_true", help="recompute selected verdicts (torch)")
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="no list of misses and false alarms"
    )
    args = parser.parse_args()
    backends = tuple(b for b in args.backends.split(",") if b)
    files = probe_files(args.glob if args.glob.endswith(".py") else args.glob + ".py")
    if args.verdicts or args.regen:
        compute_verdicts(files, backends, regen=args.regen)
    score(files, backends, verbose=not args.quiet)


if __name__ == "__main__":
    main()
