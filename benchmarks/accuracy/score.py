"""Score torchlint against the torch ground truth of the accuracy corpus (no torch needed).

    .venv/bin/python benchmarks/accuracy/score.py            # print the scores
    .venv/bin/python benchmarks/accuracy/score.py --readme   # also refresh the README sections

It lints the package files the corpus models ran (coverage.json) with
``torchlint check --output-format json`` and compares each finding with the problems torch
reported (ground_truth.json), per back-end. Matching rules (see README.md here):

- Lines are compared by statement: each line maps to the first line of the innermost statement
  holding it (for a compound statement, only its header lines), so a failure reported on the
  continuation line of a call matches a finding at the start of the call.
- A torch problem for back-end B at (file, statement) is a true positive when a finding at that
  statement names B in its ``targets``; otherwise a false negative. Only the innermost frame
  inside the package counts: a finding at a caller's line does not match.
- A finding naming B at a statement with no torch problem for B is a false positive when the
  statement is "checked" for B (ran under a model for which B went through the whole forward;
  for script, inside a class that scripted cleanly), "not reached" when no model ran it, and
  "unverified" when it ran but B stopped before checking it. Only false positives count against
  precision.
- TracerWarnings raised inside ``torch/nn/`` (module internals checking themselves) are counted
  apart ("inside torch") and not scored.
"""

from __future__ import annotations

import argparse
import ast
import collections
import datetime
import json
import re
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
GROUND_TRUTH = HERE / "ground_truth.json"
COVERAGE = HERE / "coverage.json"
RESULTS = HERE / "results.md"
BACKENDS = ("script", "trace", "compile", "export")
SECTION_START = "<!-- accuracy:start (written by benchmarks/accuracy/score.py) -->"
SECTION_END = "<!-- accuracy:end -->"

# A TracerWarning raised inside these torch files (nn.Embedding's padding_idx check, layer_norm's
# shape check) is torch checking itself: the package line only calls the module, nothing there
# to flag, and the trace stays right. Such warnings are counted apart, not scored.
TORCH_INTERNAL = "torch/nn/"

Key = tuple[str, int]  # (file relative to the package, first line of the statement)


def from_ranges(ranges: Iterable[list[int]]) -> set[int]:
    return {line for start, end in ranges for line in range(start, end + 1)}


def package_root(ground_truth: dict[str, Any]) -> Path:
    python = f"python{'.'.join(ground_truth['versions']['python'].split('.')[:2])}"
    return HERE / "env" / "lib" / python / "site-packages" / ground_truth["package"]


def statement_starts(text: str) -> dict[int, int]:
    """Line -> first line of the innermost statement holding it (compound: header lines only)."""
    starts: dict[int, int] = {}
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return starts

    def visit(body: list[ast.stmt]) -> None:
        for stmt in body:
            children = [
                getattr(stmt, name)
                for name in ("body", "orelse", "finalbody")
                if isinstance(getattr(stmt, name, None), list)
            ]
            children += [h.body for h in getattr(stmt, "handlers", [])]
            children += [c.body for c in getattr(stmt, "cases", [])]
            children = [c for c in children if c]
            end = stmt.end_lineno or stmt.lineno
            if children:
                end = min(c[0].lineno for c in children) - 1
            for line in range(stmt.lineno, max(stmt.lineno, end) + 1):
                starts[line] = stmt.lineno
            for child in children:
                visit(child)

    visit(tree.body)
    return starts


class Statements:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.cache: dict[str, dict[int, int]] = {}

    def key(self, file: str, line: int) -> Key:
        starts = self.cache.get(file)
        if starts is None:
            path = self.root / file
            starts = statement_starts(path.read_text()) if path.exists() else {}
            self.cache[file] = starts
        return file, starts.get(line, line)


def lint(root: Path, files: list[str]) -> tuple[list[dict[str, Any]], str, float]:
    """Findings of ``torchlint check --output-format json`` on ``files`` (relative to root)."""
    torchlint = REPO / ".venv" / "bin" / "torchlint"
    started = time.time()
    done = subprocess.run(
        [
            str(torchlint),
            "check",
            "--output-format",
            "json",
            "--isolated",
            "--exit-zero",
            # Naming the targets asks "can each module be scripted/traced/compiled/exported?":
            # every nn.Module.forward becomes a root for all four, as the ground truth runs them.
            "--target",
            ",".join(BACKENDS),
            *files,
        ],
        cwd=root,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        sys.exit(f"torchlint check failed (rc {done.returncode}):\n{done.stderr[-3000:]}")
    document = json.loads(done.stdout)
    # Kept (gitignored) for looking into single findings.
    (HERE / ".work").mkdir(exist_ok=True)
    (HERE / ".work" / "findings.json").write_text(done.stdout)
    for error in document.get("errors", []):
        print(f"torchlint error: {error['path']}: {error['message']}", file=sys.stderr)
    return document["diagnostics"], document.get("version", "?"), time.time() - started


def reason_group(reason: str) -> str:
    """A torch reason without the names and numbers that differ between occurrences."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", "'…'", reason)
    text = re.sub(r"\b\d+\b", "N", text)
    text = re.sub(r"0x[0-9a-f]+", "0x…", text)
    return text[:110]


class Score:
    def __init__(self, backend: str) -> None:
        self.backend = backend
        self.tp: dict[Key, list[dict[str, Any]]] = {}
        self.tp_findings: dict[Key, list[dict[str, Any]]] = {}
        self.fn: dict[Key, list[dict[str, Any]]] = {}
        self.fp: dict[Key, list[dict[str, Any]]] = {}
        self.not_reached: dict[Key, list[dict[str, Any]]] = {}
        self.unverified: dict[Key, list[dict[str, Any]]] = {}
        self.unlocated = 0
        self.torch_internal = 0

    @property
    def precision(self) -> float | None:
        found = len(self.tp) + len(self.fp)
        return len(self.tp) / found if found else None

    @property
    def recall(self) -> float | None:
        truth = len(self.tp) + len(self.fn)
        return len(self.tp) / truth if truth else None


def score(
    ground_truth: dict[str, Any],
    coverage: dict[str, Any],
    diagnostics: list[dict[str, Any]],
    root: Path | None = None,
) -> dict[str, Score]:
    statements = Statements(root or package_root(ground_truth))
    covered: set[Key] = set()
    checked: dict[str, set[Key]] = {b: set() for b in BACKENDS}
    complete = {m["model"]: dict(m.get("complete", {})) for m in ground_truth["models"]}
    # fullgraph=True stops at its first failure, and explain, which goes on, runs the rest with
    # graph breaks (a value read by .item() is a plain number after its break): past a fullgraph
    # failure nothing says whether fullgraph would accept a line, so compile checked nothing.
    for finding in ground_truth["findings"]:
        if finding["backend"] == "compile" and finding.get("source") == "fullgraph":
            complete.setdefault(finding["model"], {})["compile"] = False
    for model, files in coverage["models"].items():
        for file, ranges in files.items():
            keys = {statements.key(file, line) for line in from_ranges(ranges)}
            covered |= keys
            for backend in ("trace", "compile", "export"):
                if complete.get(model, {}).get(backend):
                    checked[backend] |= keys
    script_clean: collections.defaultdict[str, set[int]] = collections.defaultdict(set)
    for model in ground_truth["models"]:
        for file, start, end in model.get("script_clean", []):
            script_clean[file] |= set(range(start, end + 1))
    checked["script"] = {k for k in covered if k[1] in script_clean.get(k[0], ())}

    problems: dict[str, dict[Key, list[dict[str, Any]]]] = {b: {} for b in BACKENDS}
    internal: dict[str, set[Key]] = {b: set() for b in BACKENDS}
    for finding in ground_truth["findings"]:
        if finding.get("via", "").startswith(TORCH_INTERNAL):
            internal[finding["backend"]].add(statements.key(finding["file"], finding["line"]))
            continue
        key = statements.key(finding["file"], finding["line"])
        problems[finding["backend"]].setdefault(key, []).append(finding)
    flagged: dict[str, dict[Key, list[dict[str, Any]]]] = {b: {} for b in BACKENDS}
    for d in diagnostics:
        key = statements.key(d["path"], d["line"])
        for backend in d.get("targets", []):
            if backend in flagged:
                flagged[backend].setdefault(key, []).append(d)

    scores: dict[str, Score] = {}
    for backend in BACKENDS:
        s = Score(backend)
        s.torch_internal = len(internal[backend] - set(problems[backend]))
        s.unlocated = sum(
            1 for m in ground_truth["models"] for u in m["unlocated"] if u["backend"] == backend
        )
        for key, found in problems[backend].items():
            if key in flagged[backend]:
                s.tp[key] = found
                s.tp_findings[key] = flagged[backend][key]
            else:
                s.fn[key] = found
        for key, found in flagged[backend].items():
            if key in problems[backend]:
                continue
            if key in checked[backend]:
                s.fp[key] = found
            elif key in covered:
                s.unverified[key] = found
            else:
                s.not_reached[key] = found
        scores[backend] = s
    return scores


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def _examples(keys: list[Key], n: int = 3) -> str:
    return ", ".join(f"`{f}:{line}`" for f, line in keys[:n])


def report(scores: dict[str, Score], top: int) -> str:
    out = [
        "| back-end | torch problems | TP | FN | FP | precision | recall "
        "| not reached | unverified | unlocated | inside torch |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for b, s in scores.items():
        out.append(
            f"| {b} | {len(s.tp) + len(s.fn)} | {len(s.tp)} | {len(s.fn)} | {len(s.fp)} "
            f"| {_pct(s.precision)} | {_pct(s.recall)} | {len(s.not_reached)} "
            f"| {len(s.unverified)} | {s.unlocated} | {s.torch_internal} |"
        )
    for b, s in scores.items():
        misses: collections.defaultdict[str, list[Key]] = collections.defaultdict(list)
        for key, found in sorted(s.fn.items()):
            via = found[0].get("via")
            where = f" (raised in {via.split(':')[0]})" if via else ""
            misses[reason_group(found[0]["reason"]) + where].append(key)
        alarms: collections.defaultdict[str, list[Key]] = collections.defaultdict(list)
        for key, found in sorted(s.fp.items()):
            for code in sorted({d["code"] for d in found}):
                alarms[code].append(key)
        hits: collections.defaultdict[str, list[Key]] = collections.defaultdict(list)
        for key, found in sorted(s.tp_findings.items()):
            for code in sorted({d["code"] for d in found}):
                hits[code].append(key)
        out.append(f"\n### {b}\n")
        if misses:
            out.append(f"Misses (false negatives) by torch reason, top {top}:\n")
            for reason, keys in sorted(misses.items(), key=lambda kv: -len(kv[1]))[:top]:
                out.append(f"- {len(keys)} × {reason} — e.g. {_examples(keys)}")
        if alarms:
            out.append(f"\nFalse alarms by rule, top {top}:\n")
            for code, keys in sorted(alarms.items(), key=lambda kv: -len(kv[1]))[:top]:
                name = s.fp[keys[0]][0]["name"]
                out.append(f"- {len(keys)} × {code} {name} — e.g. {_examples(keys)}")
        if hits:
            out.append("\nTrue positives by rule:\n")
            for code, keys in sorted(hits.items(), key=lambda kv: -len(kv[1])):
                out.append(f"- {len(keys)} × {code} — e.g. {_examples(keys)}")
    return "\n".join(out)


def update_section(path: Path, title: str, body: str) -> None:
    """Replace the marked section in ``path`` (append it when absent), keeping the rest."""
    text = path.read_text() if path.exists() else ""
    block = f"{SECTION_START}\n{body.rstrip()}\n{SECTION_END}"
    if SECTION_START in text and SECTION_END in text:
        head, rest = text.split(SECTION_START, 1)
        tail = rest.split(SECTION_END, 1)[1]
        text = head + block + tail
    else:
        text = text.rstrip() + ("\n\n" if text.strip() else "") + f"## {title}\n\n{block}\n"
    path.write_text(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=8, help="groups shown per list")
    parser.add_argument(
        "--readme", action="store_true", help="refresh README sections and results.md"
    )
    args = parser.parse_args()
    started = time.time()
    ground_truth = json.loads(GROUND_TRUTH.read_text())
    coverage = json.loads(COVERAGE.read_text())
    root = package_root(ground_truth)
    files = sorted({f for files in coverage["models"].values() for f in files})
    missing = [f for f in files if not (root / f).exists()]
    if missing:
        sys.exit(f"{len(missing)} corpus files missing under {root}: run setup_env.sh")
    diagnostics, version, lint_s = lint(root, files)
    scores = score(ground_truth, coverage, diagnostics)
    versions = ground_truth["versions"]
    models = [m["model"] for m in ground_truth["models"] if m["status"] == "ok"]
    header = (
        f"Scored {datetime.date.today().isoformat()}: torchlint {version} on "
        f"{ground_truth['package']} {versions[ground_truth['package']]} "
        f"(torch {versions['torch']}, Python {versions['python']}; ground truth of "
        f"{ground_truth['generated']}), {len(models)} models, {len(files)} files linted "
        f"in {lint_s:.0f}s, {len(diagnostics)} findings."
    )
    text = report(scores, args.top)
    print(header + "\n\n" + text)
    print(f"\nscored in {time.time() - started:.0f}s", file=sys.stderr)
    if args.readme:
        table = text.split("\n### ", 1)[0].rstrip()
        RESULTS.write_text(
            "# Accuracy results\n\n"
            "Written by `benchmarks/accuracy/score.py --readme`; do not edit by hand.\n\n"
            f"{header}\n\nModels: {', '.join(models)}.\n\n{text}\n"
        )
        summary = (
            f"{header}\n\n{table}\n\nHow it is measured and the grouped misses and false alarms: "
            "[benchmarks/accuracy](benchmarks/accuracy/README.md), "
            "[results](benchmarks/accuracy/results.md)."
        )
        update_section(REPO / "README.md", "Accuracy", summary)


if __name__ == "__main__":
    main()
