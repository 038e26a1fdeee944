"""Score torchlint on the generated variants of the probes, beside its score on the probes.

A variant (``generate.py``) keeps a probe's construct and changes how ``forward`` reaches it;
torch's verdicts on it are in ``verdicts.json`` (``label.py``). The definitions are
``benchmarks/probe_score.py``'s: a variant is predicted to break back-end B when any finding of
``torchlint check`` naming B lies in one of its files (with ``--target script`` for script), and
it breaks B when torch's verdict for B is not ok. The whole generated tree is linted at once, so
a package variant's helpers are reached across modules.

The table gives precision and recall per back-end for the original probes (only those with a
labelled variant, so both sides are the same sample) and for their variants per transform kind
(helper, other module, submodule, decorator, alias, registry) and in all: the score on forms
no rule was developed on. Below it, every (variant, back-end) the linter gets wrong:

- ``LOST``: torch fails the variant, the linter names the probe but not the variant;
- ``MISS``: torch fails the variant, the linter names neither (or the probe passes torch);
- ``NEWFALSE``: the linter names the variant, torch passes it, the probe was no false alarm;
- ``FALSE``: a false alarm the probe has too.

    python benchmarks/variants/score.py [--backends compile,export] [--by-form] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Optional

HERE = Path(__file__).resolve().parent
for folder in (HERE, HERE.parent):  # the benchmarks are plain scripts, not a package
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from generate import FORMS, KINDS, OUT, entry_files, form_of, probe_of, variant_name  # noqa: E402
from label import load_verdicts  # noqa: E402
from probe_score import BACKENDS, PROBES, Score, predictions  # noqa: E402
from probe_score import load_verdicts as load_probe_verdicts  # noqa: E402

from torchlint.lint.run import lint_files  # noqa: E402
from torchlint.lint.settings import Settings  # noqa: E402

ORIGINAL = "probes"
ALL = "all variants"


def variant_findings(names: Sequence[str], backend: str, root: Path = OUT) -> dict[str, list[str]]:
    """Findings naming ``backend`` per variant, as ``"file:line CODE"``, over all its files."""
    wanted = set(names)
    files = sorted(str(p) for p in root.rglob("*.py") if variant_name(p, root) in wanted)
    settings = Settings(targets=(backend,), targets_explicit=backend == "script")
    found: dict[str, list[str]] = {name: [] for name in names}
    for result in lint_files(files, settings=settings):
        path = Path(result.path)
        name = variant_name(path, root)
        where = path.relative_to(root / name).as_posix() if path.parent != root else ""
        found[name] += [
            f"{where}:{d.line} {d.code}" for d in result.diagnostics if backend in d.targets
        ]
        for error in result.errors:
            print(f"lint error in {path}: {error}", file=sys.stderr)
    return found


def _count(score: Score, breaks: bool, predicted: bool) -> None:
    if breaks and predicted:
        score.tp += 1
    elif predicted:
        score.fp += 1
    elif breaks:
        score.fn += 1
    else:
        score.tn += 1


def measure(
    backends: Sequence[str],
    by_form: bool = False,
    root: Path = OUT,
    verdicts: Optional[dict] = None,
    probe_verdicts: Optional[dict] = None,
) -> tuple[dict[str, dict[str, Score]], list[dict]]:
    """Scores per back-end and group (the probes, each kind or form, all variants), and the
    (variant, back-end) pairs the linter gets wrong."""
    verdicts = load_verdicts() if verdicts is None else verdicts
    probe_verdicts = load_probe_verdicts() if probe_verdicts is None else probe_verdicts
    entries = entry_files(root)
    scores: dict[str, dict[str, Score]] = defaultdict(lambda: defaultdict(Score))
    wrong: list[dict] = []
    for backend in backends:
        names = [
            n for n in entries
            if backend in verdicts.get(n, {}) and backend in probe_verdicts.get(probe_of(n), {})
        ]  # fmt: skip
        if not names:
            continue
        probes = sorted({probe_of(n) for n in names})
        probe_found = predictions([PROBES / f"{p}.py" for p in probes], backend)
        for probe in probes:
            _count(
                scores[backend][ORIGINAL],
                not probe_verdicts[probe][backend]["ok"],
                bool(probe_found.get(probe)),
            )
        found = variant_findings(names, backend, root)
        for name in names:
            breaks = not verdicts[name][backend]["ok"]
            predicted = bool(found[name])
            form = form_of(name)
            group = form if by_form else KINDS[form]
            _count(scores[backend][group], breaks, predicted)
            _count(scores[backend][ALL], breaks, predicted)
            if breaks == predicted:
                continue
            probe = probe_of(name)
            probe_breaks = not probe_verdicts[probe][backend]["ok"]
            probe_predicted = bool(probe_found.get(probe))
            if breaks:
                label = "LOST" if probe_predicted and probe_breaks else "MISS"
            else:
                label = "FALSE" if probe_predicted and not probe_breaks else "NEWFALSE"
            wrong.append(
                {
                    "label": label,
                    "probe": probe,
                    "form": form,
                    "kind": KINDS[form],
                    "backend": backend,
                    "torch": verdicts[name][backend]["detail"] or "ok",
                    "probe_torch": probe_verdicts[probe][backend]["detail"] or "ok",
                    "findings": found[name],
                    "probe_findings": probe_found.get(probe, []),
                }
            )
    return scores, wrong


def _groups(by_form: bool) -> list[str]:
    middle = list(FORMS) if by_form else list(dict.fromkeys(KINDS.values()))
    return [ORIGINAL, *middle, ALL]


def print_table(scores: dict[str, dict[str, Score]], by_form: bool) -> None:
    print(f"{'backend':8} {'forms':13} {'TP':>4} {'FP':>4} {'FN':>4} {'TN':>4}  precision  recall")
    for backend in BACKENDS:
        for group in _groups(by_form):
            s = scores.get(backend, {}).get(group)
            if s is None:
                continue
            print(
                f"{backend:8} {group:13} {s.tp:4} {s.fp:4} {s.fn:4} {s.tn:4}"
                f"  {s.precision:9.2f}  {s.recall:6.2f}"
            )
        print()


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default=",".join(BACKENDS))
    parser.add_argument("--by-form", action="store_true", help="a row per form, not per kind")
    parser.add_argument("--json", action="store_true", help="scores and errors as JSON")
    parser.add_argument("-q", "--quiet", action="store_true", help="no list of errors")
    args = parser.parse_args(argv)
    backends = [b for b in args.backends.split(",") if b]
    unknown = [b for b in backends if b not in BACKENDS]
    if unknown:
        print(f"unknown back-end(s): {', '.join(unknown)}", file=sys.stderr)
        return 2
    if not load_verdicts():
        print("no verdicts yet: run generate.py, then label.py", file=sys.stderr)
        return 2
    scores, wrong = measure(backends, by_form=args.by_form)
    if args.json:
        table = {
            b: {g: {**asdict(s), "precision": s.precision, "recall": s.recall}
                for g, s in groups.items()}
            for b, groups in scores.items()
        }  # fmt: skip
        print(json.dumps({"scores": table, "wrong": wrong}, indent=1))
        return 0
    print_table(scores, args.by_form)
    if not args.quiet:
        order = {"LOST": 0, "NEWFALSE": 1, "MISS": 2, "FALSE": 3}
        for w in sorted(wrong, key=lambda w: (order[w["label"]], w["backend"], w["probe"])):
            what = w["torch"] if w["label"] in ("LOST", "MISS") else ", ".join(w["findings"])
            print(f"{w['label']:8} {w['backend']:8} {w['probe']:30} {w['form']:13} {what[:100]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
