"""Score torchlint's graph-code findings against torch's own verdicts on held-out probe models.

Each probe in ``benchmarks/probes/`` is a small file defining ``Model`` (or ``fn``) and
``inputs()``, checked like a rule example (see ``tests/oracle.py``). Torch's verdict per probe
and back-end is cached in ``benchmarks/probes/verdicts.json`` so scoring needs no torch:

    python benchmarks/probe_score.py --verdicts            # compute missing verdicts (torch), no score
    python benchmarks/probe_score.py --regen               # recompute every selected verdict
    python benchmarks/probe_score.py                       # score all probes, all back-ends
    python benchmarks/probe_score.py --glob 'b2_*' --backends compile,export,trace

A probe is predicted to break back-end B when any finding of the linter names B; it breaks B
when torch's verdict for B is not ok. Scores are at the model level, per back-end and per batch
(the file-name prefix before the first ``_``: ``b1``, ``b2``, ``script``...). Trace is scored
twice: ``trace`` fails only when the trace diverges from eager on a probe input (or does not
convert), ``trace-warn`` also when torch raises a TracerWarning while tracing (it recorded a value
it computed as a constant: the package corpora and issue #21 count those sites); findings naming
trace predict both.

Probes that carry per-line truth are also scored at the line level. A line torch breaks on ends
with a comment naming the back-ends, ``# breaks: compile,export``, placed from torch's own report
(the user frame of the ``fullgraph=True`` error or of explain's break reasons; the user frame of
the export error; for trace, the line whose Python decision specialised, confirmed by editing it
away). A finding naming B on a line marked for B is a true positive, a marked line without one is
a miss, and a finding naming B on any other line is a false alarm. A probe whose verdict for B
fails but that marks no line for B (or the reverse) is reported as inconsistent and left out of
the line-level score for B.
"""

from __future__ import annotations

import argparse
import dataclasses
import fcntl
import fnmatch
import json
import re
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PROBES = HERE / "probes"
VERDICTS = PROBES / "verdicts.json"
REPO = HERE.parent
BACKENDS = ("compile", "export", "trace", "trace-warn", "script")
# "trace-warn" is trace judged as issue #21 and the package corpora judge it: the trace diverges
# from eager on an input, or torch raises a TracerWarning while tracing (it recorded a value it
# computed as a constant), whether or not the probe's inputs happen to diverge. Findings naming
# trace predict it; `trace` (fails or diverges) is predicted only by those not saying that the
# trace just warns (`Diagnostic.warns`).
PREDICTED_BY = {"trace-warn": "trace"}
TORCH_NN = str(Path("torch", "nn", ""))
# Batches whose probes all carry per-line marks (a clean probe marks nothing).
LINE_TRUTH_BATCHES = frozenset({f"b{n}" for n in range(3, 20)})


def probe_files(pattern: str) -> list[Path]:
    return sorted(p for p in PROBES.glob("*.py") if fnmatch.fnmatch(p.name, pattern))


MARK = re.compile(r"#\s*breaks:\s*([a-z, ]+)\s*$")


def line_marks(path: Path) -> dict[str, set[int]]:
    """Lines marked ``# breaks: b1,b2`` per back-end."""
    marks: dict[str, set[int]] = defaultdict(set)
    for number, text in enumerate(path.read_text().splitlines(), start=1):
        found = MARK.search(text)
        if found:
            for backend in found.group(1).split(","):
                marks[backend.strip()].add(number)
    return marks


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
            if backend == "trace-warn":
                verdict = trace_warn_verdict(source)
            else:
                verdict = check(source, backend)
            entry[backend] = {"ok": verdict.ok, "detail": verdict.detail}
            print(f"{path.stem:32} {verdict}", flush=True)
        save_entry(path.stem, entry)


def save_entry(stem: str, entry: dict[str, dict]) -> None:
    """Write one probe's verdicts into the cache, re-read under a lock so that two runs over
    different probes (two batches labelled at once) keep each other's verdicts."""
    with open(VERDICTS.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        verdicts = load_verdicts()
        verdicts.setdefault(stem, {}).update(entry)
        VERDICTS.write_text(json.dumps(verdicts, indent=1, sort_keys=True) + "\n")


def trace_warn_verdict(source: str) -> Any:
    """Torch's ``trace-warn`` verdict: the trace verdict, failed also by a TracerWarning."""
    sys.path.insert(0, str(REPO))
    from tests.oracle import check, trace_warnings  # noqa: PLC0415 - needs torch

    # A copy: `check` caches its verdicts, and the trace verdict itself must stay as it is.
    verdict = dataclasses.replace(check(source, "trace"))
    # As the package corpora: a warning torch.nn's own code raises (a packed sequence,
    # MultiheadAttention's mask checks) is torch's, not the probe's.
    warned = [w for w in trace_warnings(source) if TORCH_NN not in w[2]]
    if verdict.ok and warned:
        line, message, _ = warned[0]
        verdict.ok, verdict.detail = False, f"TracerWarning at line {line}: {message}"
    return verdict


def predictions(files: list[Path], backend: str) -> dict[str, list[str]]:
    """Findings naming ``backend`` per probe, as ``"line CODE"`` strings (line first)."""
    from torchlint.lint.run import lint_files
    from torchlint.lint.settings import Settings

    # "Can this be scripted?" is asked explicitly; the other back-ends use the defaults.
    target = PREDICTED_BY.get(backend, backend)
    settings = Settings(targets=(target,), targets_explicit=target == "script")
    found: dict[str, list[str]] = {}
    for result in lint_files([str(p) for p in files], settings=settings):
        stem = Path(result.path).stem
        # A finding that says the trace only warns (its result stays eager's) predicts
        # trace-warn, not a trace that fails or diverges.
        found[stem] = [
            f"{d.line} {d.code}"
            for d in result.diagnostics
            if target in d.targets and (backend in PREDICTED_BY or target not in d.warns)
        ]
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
    line_scores: dict[tuple[str, str], Score] = defaultdict(Score)
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
            marked = line_marks(path)
            if batch in LINE_TRUTH_BATCHES and backend not in PREDICTED_BY:
                problems.extend(
                    _score_lines(
                        path.stem, backend, breaks, marked.get(backend, set()),
                        found.get(path.stem, []), (line_scores[(backend, batch)],
                        line_scores[(backend, "all")]),
                    )
                )  # fmt: skip
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
    _table("model level (one verdict per probe and back-end)", scores)
    if line_scores:
        _table("line level (probes with per-line marks)", line_scores, with_tn=False)
    return scores


def _score_lines(
    stem: str,
    backend: str,
    breaks: bool,
    marked: set[int],
    findings: list[str],
    into: tuple[Score, ...],
) -> list[str]:
    """Add one probe's line-level counts for ``backend``; return its problem lines."""
    if breaks != bool(marked):
        why = "torch fails but no line is marked" if breaks else "lines marked but torch is ok"
        return [f"INCONSISTENT {backend:8} {stem:32} {why}"]
    codes_by_line: dict[int, list[str]] = defaultdict(list)
    for finding in findings:
        line, code = finding.split(" ", 1)
        codes_by_line[int(line)].append(code)
    problems = []
    for s in into:
        s.tp += len(marked & codes_by_line.keys())
        s.fn += len(marked - codes_by_line.keys())
        s.fp += len(codes_by_line.keys() - marked)
    for line in sorted(marked - codes_by_line.keys()):
        problems.append(f"LMISS  {backend:8} {stem:32} line {line}")
    for line in sorted(codes_by_line.keys() - marked):
        codes = ",".join(codes_by_line[line])
        problems.append(f"LFALSE {backend:8} {stem:32} line {line} {codes}")
    return problems


def _table(title: str, scores: dict[tuple[str, str], Score], with_tn: bool = True) -> None:
    print(title)
    tn_head = f" {'TN':>3}" if with_tn else ""
    print(f"{'backend':8} {'batch':7} {'TP':>3} {'FP':>3} {'FN':>3}{tn_head}  precision  recall")
    for (backend, batch), s in sorted(scores.items()):
        tn = f" {s.tn:3}" if with_tn else ""
        print(
            f"{backend:8} {batch:7} {s.tp:3} {s.fp:3} {s.fn:3}{tn}"
            f"  {s.precision:9.2f}  {s.recall:6.2f}"
        )
    print()


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
        # Labelling only: whoever writes probes stays blind to torchlint's score on them.
        compute_verdicts(files, backends, regen=args.regen)
        verdicts = load_verdicts()
        for path in files:
            entry = verdicts.get(path.stem, {})
            shown = [
                f"{b}={'ok' if entry[b]['ok'] else 'FAILS ' + entry[b]['detail'][:60]}"
                for b in backends
                if b in entry
            ]
            print(f"{path.stem:44} {'  '.join(shown)}")
        return
    score(files, backends, verbose=not args.quiet)


if __name__ == "__main__":
    main()
