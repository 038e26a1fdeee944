"""Score torchlint against the torch ground truth of the accuracy corpus (no torch needed).

    python benchmarks/accuracy/score.py            # print the scores of every corpus
    python benchmarks/accuracy/score.py --corpus pytorch   # one corpus
    python benchmarks/accuracy/score.py --readme   # also refresh the README sections

For each corpus with data (``ground_truth[.NAME].json``, ``coverage[.NAME].json``), it lints the
package files the corpus models ran with ``torchlint check --output-format json`` and compares
each finding with the problems torch reported, per back-end; then it adds the corpora up into a
combined table (their statements are disjoint: each corpus has its own packages). Matching rules
(see README.md here):

- Lines are compared by statement: each line maps to the first line of the innermost statement
  holding it (for a compound statement, only its header lines), so a failure reported on the
  continuation line of a call matches a finding at the start of the call.
- A torch problem for back-end B at (file, statement) is a true positive when a finding at that
  statement names B in its ``targets``; otherwise a false negative. Only the innermost frame
  inside the package counts: a finding at a caller's line does not match.
- A finding naming B at a statement with no torch problem for B is a false positive when the
  statement is "checked" for B (ran under a model for which B went through the whole forward;
  for script, inside a class that scripted cleanly; for trace and export, among the lines the
  back-end's own run on input A executed, where the ground truth records them), "not reached"
  when no model ran it, and "unverified" when it ran but B stopped before checking it, or only
  under models whose B failed or diverged at no line torch named (an unlocated failure: a loop
  the trace unrolled for input A), or only in eager runs the back-end did not repeat (input
  B's path, a first call's set-up). Only false positives count against precision.
- TracerWarnings raised inside ``torch/nn/`` (module internals checking themselves) are counted
  apart ("inside torch") and not scored.
"""

from __future__ import annotations

import argparse
import ast
import collections
import datetime
import importlib.util
import json
import re
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from torchlint.lint.conditions import AUTOGRAD_ON
from torchlint.lint.diagnostics import FIRST_CALL

HERE = Path(__file__).resolve().parent
# What TL111 says of a plain dict output, which only trace's default strict mode refuses.
STRICT_MODE = "in its default strict mode"
REPO = HERE.parent.parent
RESULTS = HERE / "results.md"
BACKENDS = ("script", "trace", "compile", "export")
SECTION_START = "<!-- accuracy:start (written by benchmarks/accuracy/score.py) -->"
SECTION_END = "<!-- accuracy:end -->"

# A TracerWarning raised inside these torch files (nn.Embedding's padding_idx check, layer_norm's
# shape check) is torch checking itself: the package line only calls the module, nothing there
# to flag, and the trace stays right. Such warnings are counted apart, not scored.
TORCH_INTERNAL = "torch/nn/"

# (file relative to the lint root, first line of the statement). The lint root is the package
# folder for a one-package corpus (transformers: bare package paths) and site-packages for a
# corpus of several packages (``package/file``).
Key = tuple[str, int]


def _load_ground_truth_module() -> Any:
    # The corpus list and file names live in ground_truth.py; importing it needs no torch.
    spec = importlib.util.spec_from_file_location("accuracy_ground_truth", HERE / "ground_truth.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


runner = _load_ground_truth_module()


def from_ranges(ranges: Iterable[list[int]]) -> set[int]:
    return {line for start, end in ranges for line in range(start, end + 1)}


def site_packages(ground_truth: dict[str, Any]) -> Path:
    python = f"python{'.'.join(ground_truth['versions']['python'].split('.')[:2])}"
    return HERE / "env" / "lib" / python / "site-packages"


def package_root(ground_truth: dict[str, Any]) -> Path:
    """The folder the corpus's paths are relative to (and torchlint runs in)."""
    if "package" in ground_truth:
        return site_packages(ground_truth) / ground_truth["package"]
    return site_packages(ground_truth)


def location(entry: dict[str, Any]) -> str:
    """A finding's file relative to the lint root: ``package/file`` when it names its package."""
    return f"{entry['package']}/{entry['file']}" if entry.get("package") else entry["file"]


def coverage_by_model(
    ground_truth: dict[str, Any], coverage: dict[str, Any]
) -> dict[str, dict[str, list[list[int]]]]:
    """Model -> file relative to the lint root -> ranges; a corpus of several packages nests its
    coverage by package."""
    if "packages" not in ground_truth:
        return coverage["models"]
    return {
        model: {
            (f"{package}/{file}" if package else file): ranges
            for package, files in packages.items()
            for file, ranges in files.items()
        }
        for model, packages in coverage["models"].items()
    }


def script_clean_ranges(entry: list[Any]) -> tuple[str, int, int]:
    """``[file, start, end]`` or, naming the package, ``[package, file, start, end]``."""
    if len(entry) == 4:
        return f"{entry[0]}/{entry[1]}", entry[2], entry[3]
    return entry[0], entry[1], entry[2]


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

    def compiles_nothing(self, file: str, line: int) -> bool:
        """Whether the class at ``line`` is an ``nn.Module`` with no ``forward`` of its own nor
        from a package base: ``torch.jit.script`` of it compiles nothing (its helpers are
        compiled only from their callers), so "it scripted cleanly" checked none of its lines."""
        path = self.root / file
        try:
            tree = ast.parse(path.read_text())
        except (OSError, SyntaxError):
            return False
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.lineno == line:
                methods = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
                bases = {ast.unparse(b).rsplit(".", 1)[-1] for b in node.bases}
                return "forward" not in methods and bases <= {"Module"}
        return False

    def key(self, file: str, line: int) -> Key:
        starts = self.cache.get(file)
        if starts is None:
            path = self.root / file
            starts = statement_starts(path.read_text()) if path.exists() else {}
            self.cache[file] = starts
        return file, starts.get(line, line)


def lint(
    root: Path, files: list[str], corpus: str = runner.DEFAULT_CORPUS
) -> tuple[list[dict[str, Any]], str, float]:
    """Findings of ``torchlint check --output-format json`` on ``files`` (relative to root)."""
    started = time.time()
    done = subprocess.run(
        [
            # The torchlint of the Python running the scorer (the repo's venv); the corpus files
            # are read, never imported.
            sys.executable,
            "-m",
            "torchlint",
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
    try:
        # Exit 2 with a report: files that could not be linted, listed in its "errors".
        document = json.loads(done.stdout)
    except json.JSONDecodeError:
        sys.exit(f"torchlint check failed (rc {done.returncode}):\n{done.stderr[-3000:]}")
    # Kept (gitignored) for looking into single findings.
    (HERE / ".work").mkdir(exist_ok=True)
    name = "findings.json" if corpus == runner.DEFAULT_CORPUS else f"findings.{corpus}.json"
    (HERE / ".work" / name).write_text(done.stdout)
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
        # Distinct (file, line) pairs the corpus's models executed: the denominator of the false
        # findings per 10k executed lines.
        self.executed_lines = 0

    @property
    def precision(self) -> float | None:
        found = len(self.tp) + len(self.fp)
        return len(self.tp) / found if found else None

    @property
    def recall(self) -> float | None:
        truth = len(self.tp) + len(self.fn)
        return len(self.tp) / truth if truth else None

    @property
    def false_per_10k(self) -> float | None:
        """False findings per 10,000 executed lines of the corpus."""
        return 1e4 * len(self.fp) / self.executed_lines if self.executed_lines else None


def score(
    ground_truth: dict[str, Any],
    coverage: dict[str, Any],
    diagnostics: list[dict[str, Any]],
    root: Path | None = None,
) -> dict[str, Score]:
    statements = Statements(root or package_root(ground_truth))
    covered: set[Key] = set()
    executed: set[Key] = set()
    checked: dict[str, set[Key]] = {b: set() for b in BACKENDS}
    complete = {m["model"]: dict(m.get("complete", {})) for m in ground_truth["models"]}
    # fullgraph=True stops at its first failure, and explain, which goes on, runs the rest with
    # graph breaks (a value read by .item() is a plain number after its break): past a fullgraph
    # failure nothing says whether fullgraph would accept a line, so compile checked nothing.
    for finding in ground_truth["findings"]:
        if finding["backend"] == "compile" and finding.get("source") == "fullgraph":
            complete.setdefault(finding["model"], {})["compile"] = False
    # A model whose conversion failed or diverged with no line torch could name vouches for none
    # of its lines: the cause is somewhere among them (a loop the trace unrolled for A).
    unlocated = {(m["model"], u["backend"]) for m in ground_truth["models"] for u in m["unlocated"]}
    # Trace and export run the model's Python once more on input A, after the eager runs on A
    # and B: the lines that run executed (a model's ``ran``, when recorded) are all they checked,
    # not a line only input B's path or only the first eager call took.
    ran = {m["model"]: m["ran"] for m in ground_truth["models"] if "ran" in m}

    def statements_of(files: dict[str, list[list[int]]]) -> set[Key]:
        return {
            statements.key(file, line)
            for file, ranges in files.items()
            for line in from_ranges(ranges)
        }

    for model, files in coverage_by_model(ground_truth, coverage).items():
        keys = statements_of(files)
        executed |= {(file, line) for file, ranges in files.items() for line in from_ranges(ranges)}
        covered |= keys
        for backend in ("trace", "compile", "export"):
            if not complete.get(model, {}).get(backend) or (model, backend) in unlocated:
                continue
            if backend in ran.get(model, {}):
                own = {"models": {model: ran[model][backend]}}
                checked[backend] |= statements_of(coverage_by_model(ground_truth, own)[model])
            else:
                checked[backend] |= keys
    script_clean: collections.defaultdict[str, set[int]] = collections.defaultdict(set)
    for model in ground_truth["models"]:
        for entry in model.get("script_clean", []):
            file, start, end = script_clean_ranges(entry)
            if statements.compiles_nothing(file, start):
                continue
            script_clean[file] |= set(range(start, end + 1))
    checked["script"] = {k for k in covered if k[1] in script_clean.get(k[0], ())}

    problems: dict[str, dict[Key, list[dict[str, Any]]]] = {b: {} for b in BACKENDS}
    internal: dict[str, set[Key]] = {b: set() for b in BACKENDS}
    for finding in ground_truth["findings"]:
        key = statements.key(location(finding), finding["line"])
        if finding.get("via", "").startswith(TORCH_INTERNAL):
            internal[finding["backend"]].add(key)
            continue
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
        s.executed_lines = len(executed)
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
            # The ground truth runs every model eagerly (the coverage run) before converting
            # it, so a module's first-call set-up (`if self.idx is None: ...; self.idx = ...`)
            # has run and no graph back-end meets it: a finding that holds for the first call
            # only is a claim it checks only where the set-up's state is made afresh inside the
            # call (a helper object built in `forward`), and then torch reports the line.
            # TorchScript compiles the set-up whether it runs or not.
            first_call = backend != "script" and all(map(first_call_only, found))
            # The ground truth traces with `strict=False`, which returns a plain dict output: a
            # claim about trace's default strict mode is one it does not check.
            strict_only = backend == "trace" and all(map(strict_trace_only, found))
            if key in checked[backend] and not first_call and not strict_only:
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


def combine(per_corpus: dict[str, dict[str, Score]]) -> dict[str, Score]:
    """One score per back-end over several corpora, counting each corpus's statements (keys made
    distinct by the corpus name: two corpora could share a relative path)."""
    combined: dict[str, Score] = {}
    for backend in BACKENDS:
        total = Score(backend)
        for corpus, scores in per_corpus.items():
            s = scores[backend]
            for mine, theirs in (
                (total.tp, s.tp),
                (total.tp_findings, s.tp_findings),
                (total.fn, s.fn),
                (total.fp, s.fp),
                (total.not_reached, s.not_reached),
                (total.unverified, s.unverified),
            ):
                mine.update({(f"{corpus}:{file}", line): v for (file, line), v in theirs.items()})
            total.unlocated += s.unlocated
            total.torch_internal += s.torch_internal
            total.executed_lines += s.executed_lines
        combined[backend] = total
    return combined


def table(scores: dict[str, Score]) -> str:
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
    return "\n".join(out)


def per_rule(scores: dict[str, Score]) -> dict[tuple[str, str], tuple[int, int]]:
    """(rule, back-end) -> (statements where a finding of the rule naming the back-end was a
    hit, statements where it was a false alarm). A statement counts once for each rule found
    there; recall has no rule (a miss is a statement no finding named)."""
    counts: collections.defaultdict[tuple[str, str], list[int]] = collections.defaultdict(
        lambda: [0, 0]
    )
    for backend, s in scores.items():
        for column, by_key in ((0, s.tp_findings), (1, s.fp)):
            for found in by_key.values():
                for code in {d["code"] for d in found}:
                    counts[(code, backend)][column] += 1
    return {key: (hits, false) for key, (hits, false) in counts.items()}


def _rate(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1f}"


def side_by_side(columns: dict[str, dict[str, Score]]) -> str:
    """Per back-end, each column (a corpus or corpora combined): precision / recall with the
    statement counts, and false findings per 10k executed lines."""
    out = [
        "| measure | " + " | ".join(columns) + " |",
        "|---" * (len(columns) + 1) + "|",
    ]
    for b in BACKENDS:
        cells = [
            f"{_pct(s[b].precision)} / {_pct(s[b].recall)} "
            f"({len(s[b].tp)} TP, {len(s[b].fn)} FN, {len(s[b].fp)} FP)"
            for s in columns.values()
        ]
        out.append(f"| {b} precision / recall | " + " | ".join(cells) + " |")
    for b in BACKENDS:
        cells = [_rate(s[b].false_per_10k) for s in columns.values()]
        out.append(f"| {b} false findings per 10k executed lines | " + " | ".join(cells) + " |")
    cells = [str(s[BACKENDS[0]].executed_lines) for s in columns.values()]
    out.append("| executed lines | " + " | ".join(cells) + " |")
    return "\n".join(out)


def rule_table(columns: dict[str, dict[str, Score]]) -> str:
    """Per rule and back-end, each column's hits, false alarms and precision (statements)."""
    counts = {name: per_rule(scores) for name, scores in columns.items()}
    keys = sorted(
        {key for c in counts.values() for key in c},
        key=lambda k: (k[0], BACKENDS.index(k[1])),
    )
    out = [
        "| rule | back-end | "
        + " | ".join(f"{name}: hits / false / precision" for name in columns)
        + " |",
        "|---|---" + "|---" * len(columns) + "|",
    ]
    for key in keys:
        cells = []
        for c in counts.values():
            hits, false = c.get(key, (0, 0))
            cells.append(
                f"{hits} / {false} / {_pct(hits / (hits + false))}" if hits + false else "-"
            )
        out.append(f"| {key[0]} | {key[1]} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def report(scores: dict[str, Score], top: int) -> str:
    """The table, then per back-end the grouped misses, false alarms and hits."""
    out = [table(scores)]
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


# The generalisation corpora: packages no rule was developed on, each a column of its own
# (``wider``, ``unseen``, ``fresh``, ``fresh2`` and ``fresh3``, each scored first and read
# afterwards). The other corpora are the dev corpora, added up into one column beside them.
GENERALISATION = (
    "wider",
    "unseen",
    "fresh",
    "fresh2",
    "fresh3",
    "fresh4",
    "fresh5",
    "fresh6",
    "fresh7",
    "fresh8",
    "fresh9",
    "fresh10",
    "fresh11",
    "fresh12",
    "fresh13",
    "fresh14",
    "fresh15",
    "fresh16",
    "fresh17",
    "fresh18",
    "fresh19",
    "fresh20",
    "fresh21",
    "fresh22",
    "fresh23",
)
GENERALISATION_NOTE = (
    "The dev column adds up the corpora the rules were developed on; "
    + ", ".join(f"`{c}`" for c in GENERALISATION[:-1])
    + f" and `{GENERALISATION[-1]}`"
    + " are packages no rule was developed on, run in eval and in train mode (`unseen`, "
    "`fresh`, `fresh2`, `fresh3`, `fresh4`, `fresh5`, `fresh6`, `fresh7`, `fresh8`, `fresh9`, "
    "`fresh10`, `fresh11`, `fresh12`, `fresh13`, `fresh14`, `fresh15`, `fresh16`, `fresh17`, "
    "`fresh18`, `fresh19`, `fresh20`, `fresh21`, `fresh22` and `fresh23`: "
    "train only where the code has a "
    "training path; none of `fresh3`'s, `fresh8`'s or `fresh16`'s has one): the generalisation "
    "figures. Each was scored "
    "before anyone read its misses, and read afterwards, so its column now also shows what the "
    "mechanisms found there fixed. At first scoring, before it was read, "
    "`unseen` gave script 1.00 / 0.31, trace 0.78 / 0.64, compile recall 0 of 3 and one export "
    "false finding; `fresh` (2026-12-04) gave script 1.00 / 0.74, trace 0.87 / 0.76, compile "
    "0.67 / 0.29 and export 0.67 / 0.67 (compile and export 8.9 false findings per 10k "
    "executed lines): nflows' flows live in a `transforms` package, which was taken for a "
    "data pipeline, and a tensor test after `self.training and` was left out for compile; "
    "`fresh2` (2026-12-04, at 7753d9e) gave script 0.93 / 0.72, trace 0.95 / 0.56, compile "
    "1.00 / 0.33 and export recall 0 of 4, with no compile or export false finding: methods of "
    "an object made by a default (`default(group, SE3())`), entries of nested dicts of "
    "callables and of a registry a factory returns from were not reached; `fresh3` "
    "(2026-12-04, at 94e1481) gave script 0.92 / 0.92, trace 0.67 / 0.83, compile 0.44 / 0.33 "
    "and export 0.25 / 0.25 (compile 37.3 and export 22.4 false findings per 10k executed "
    "lines): methods of a Tensor subclass (flowtorch's `BijectiveTensor`) were taken for "
    "tensor operations, a recurrence reset at the end of the call (LRU) for state carried "
    "across calls, torch-geometric's imported `OptTensor` alias was not resolved, and a "
    "function handed to a helper that calls it (xlstm) was not reached; `fresh4` (2026-12-05, "
    "at 2da3b59) gave script 0.92 / 0.69, trace 0.87 / 0.42, compile 1.00 / 0.20 and export "
    "recall 0 of 3, with no compile or export false finding: most of its misses sit in "
    "distributions (torch-struct's CRFs, zuko's flows) that only the corpus's wrapper calls, "
    "and in other libraries a package calls (their sites count at the package's call); "
    "`fresh5` (2026-12-05, at 3b79b84) gave script 0.64 / 0.60, trace 0.70 / 0.73, compile "
    "0.75 / 0.43 and export 0.33 / 1.00 (compile 7.7 and export 15.4 false findings per 10k "
    "executed lines): scratch state kept on self within a call and a positional table "
    "rebuilt from sizes were taken for state carried across calls (squeezeformer), a 0-d "
    "tensor index and a module handed to an autograd Function (revtorch) were not known, "
    "and a helper that pads was not seen to make the last size a length (demucs); `fresh6` "
    "(2026-12-05, at aaf67e3) gave script 1.00 / 0.65, trace 0.83 / 0.42 and compile "
    "1.00 / 1.00 (no export problem), with no compile or export false finding: a function an "
    "attribute holds through an `__init__` default (dc1d's interpolation function) and a "
    "bound method held on self (an attention U-Net's gate) were not reached; `fresh7` "
    "(2026-12-05, at 949563a) gave script 1.00 / 0.45, trace 0.14 / 0.11, compile 1.00 / 0.14 "
    "and export recall 0 of 3, with no compile or export false finding: the methods of a "
    "class defined inside a function (a-unet), a decorator's wrapper (geotorch) and a "
    "function installed as a module's forward (torchnlp's weight drop) were not scripted "
    "code, a name given a Tensor in one branch and a number in the other (blitz) and a "
    "property that raises (torchflows) were not known to TorchScript's rules, blitz's weight "
    "sampler's per-call state was taken for state carried across calls, and the argument "
    "checks of torch.distributions (blitz's prior) were not known to fail trace and export; "
    "`fresh8` (2026-12-05, at 7896389) gave script 1.00 / 0.29, trace 0.62 / 0.19, compile "
    "1.00 / 0.29 and export recall 0 of 3 (export 19.3 false findings per 10k executed lines, "
    "spikingjelly's neuron state, which its corpus entry resets before every call): three of "
    "its nine packages are function libraries with no module (roma, dsntnn, torch-tps), "
    "which no forward reached, and two pieces of state a call "
    "clears or rebuilds before updating it in place were taken for state carried across calls; "
    "`fresh9` (2026-12-06, at 93f7a7a) gave script 1.00 / 0.81, trace 0.80 / 0.70, compile "
    "0.94 / 0.52 and export 0.38 / 0.43 (compile 5.9 and export 29.4 false findings per 10k "
    "executed lines): what a function library returns was taken for the model's output and "
    "its classes' objects for state carried across calls (torch-kf, torch-pca), a buffer "
    "registered in one branch and None in the other for a constant (a focal loss), boolean "
    "masks handed to helpers and a loop's data-sized selection were not known "
    "(imbalanced-losses, nms-3d), a factory returning an autograd Function's `apply` was not "
    "followed (mpc), a name bound in one branch was reported at its read, not at the `if` torch "
    "names (bleu-torch), and a module built in scripted code (fdwt) was not known to fail; "
    "`fresh10` (2026-12-06, at 0bc8096) gave script 1.00 / 0.65, trace 0.84 / 0.51, compile "
    "0.78 / 0.78 and export 0.60 / 1.00 (compile and export 16.0 false findings per 10k "
    "executed lines): a module-level memo dict was taken for state a call changes "
    "(torchcwt), a size comparison tested with `is False` was not known to change under "
    "recompilation (torch-cubic-spline-grids), a submodule handed to a helper, a module-level "
    "config object and a helper calling a `*args` library function were not known to fail "
    "TorchScript (egn, hippotorch), and checks of tensor values through helpers and "
    "iteration over tensors were missed under trace (cpd-pytorch, complextorch); "
    "`fresh11` (2026-12-06, at 8273d33) gave script 1.00 / 0.62, trace 0.94 / 0.70, compile "
    "1.00 / 0.57 and export 1.00 / 1.00 (no compile or export false finding; trace 17.2 "
    "false findings per 10k executed lines): annotations TorchScript cannot resolve "
    "(`Union[int, tuple]`, a type name it does not know) and a compiled helper taking "
    "`*args` were not known to fail (torch4d, SympNetsTorch), tensors turned into Python "
    "numbers inside library helpers were missed under trace (torch4d, torch-mdct), and "
    "writing a complex tensor's `.real` / `.imag` (fft-conv-pytorch) and a distribution "
    "sample fake tensors cannot run (torch4d) were not known to fail compile; "
    "`fresh12` (2026-12-06, at 316fd48) gave script 1.00 / 0.73, trace 0.90 / 0.66, compile "
    "0.67 / 0.40 and export 0.75 / 0.75 (compile and export 11.0, trace 54.9 false findings "
    "per 10k executed lines): a tensor a loss keeps from its constructor (spacecutter's class "
    "weights) was taken for a list indexed through `__index__`, a functional batch norm's "
    "`training` parameter was not known as the training flag (cliffordlayers), `range` "
    "unpacked into names and a name bound in one branch only were missed under TorchScript "
    "(cliffordlayers, e3nn), and checks of a buffer's values and distributions a package "
    "subclasses (power-spherical, a log-normal mixture) were missed under trace; "
    "`fresh13` (2026-12-06, at 21f7ac3) gave script 1.00 / 0.69, trace 0.85 / 0.76, compile "
    "0.95 / 0.49 and export 0.60 / 0.43 (compile 4.5, export 8.9 and trace 84.9 false "
    "findings per 10k executed lines): a Lie group's cached values (pypose) were taken for "
    "state carried across calls, index arithmetic on sizes for tensor data (alias-free-torch, "
    "bayesian-changepoint, torchinterp1d), tad-dftd3's in-place writes through advanced "
    "indexing and torch-pme's data-dependent k-vector sizes were not known to fail compile, "
    "and attribute reads on tensors, `Union` returns and a `...` annotation were missed under "
    "TorchScript; "
    "`fresh14` (2026-12-06, at aa17a27) gave script 1.00 / 0.57, trace 0.84 / 0.34, compile "
    "1.00 / 0.22 and export 1.00 / 0.44 (no script, compile or export false finding; trace "
    "23.8 false findings per 10k executed lines); 12 of those misses (7 trace, 5 compile) were "
    "the corpus file's own `float(t)` in its SDE drift, located by torch on torchsde's lines "
    "that call the drift, and left with that fix of the corpus (then, at the same commit, "
    "trace 0.84 / 0.36 and compile 1.00 / 0.24): quatorch's boolean-mask regimes in a Tensor "
    "subclass's static method (found at 4 of 16 lines), torchsde's Brownian-interval tree "
    "behind `sdeint`'s solver objects, torchesnufft's `.item()` sizes, data-dependent and "
    "dynamic-shape operators of torchode and pyro, and torchquad's loguru calls were missed "
    "under compile, tensor "
    "conversions in torchquad's VEGAS and torchsde's solver loop under trace, and an "
    "if-expression of a Tensor and an int (torchode), a module-level dict (torchrbf) and an "
    "f-string (torchsde) under TorchScript; trace's false findings are size decisions "
    "(torchesnufft, torchquad's Simpson rule), a `manual_seed`, a domain check and a "
    "tensor-indexed list (torchquad); "
    "`fresh15` (2026-12-06, at 5cea7d6) gave script 1.00 / 0.64, trace 0.65 / 0.66, compile "
    "0.50 / 0.14 and export 0.22 / 0.42 (no script false finding; compile 9.8, export 58.9 and "
    "trace 117.8 false findings per 10k executed lines): torchmetrics' metric states, which its "
    "`forward` saves and resets before the batch's value and merges back after it, were taken "
    "for state carried across calls, and a `torch.any` test behind `zero_division == 'warn' "
    "and` and `torch.are_deterministic_algorithms_enabled()` for tensor-data branches; "
    "bayesian-torch's "
    "`.data` writes of sampled weights were flagged under trace, where torch located nothing, "
    "iTransformer's dict outputs for trace's strict mode (the ground truth traces with "
    "`strict=False`), and brevitas's attention conditions for tensor data; brevitas's quantised "
    "tensors (`.item()` of a scale or bit width, data-dependent operators and branching in its "
    "torch-function handlers), torch-interpol's loops over size tensors, torchist's "
    "dynamic-shape operators, the CRFs' Viterbi backtracking and stable-baselines3's one-hot "
    "preprocessing were missed under compile and export, iteration over tensors "
    "(torch-interpol, iTransformer) and tensor conversions (brevitas, stable-baselines3's "
    "distributions) under trace, and a recursive property setter, a Tensor assigned to a "
    "`bool` attribute, a module-level integer and a `None` default typed non-Optional under "
    "TorchScript; "
    "`fresh16` (2026-12-07, at 7bc13ce) gave script 0.92 / 0.60, trace 0.88 / 0.56, compile "
    "1.00 / 0.44 and export 0.71 / 0.83 (no compile false finding; script 7.6, export 15.3 and "
    "trace 30.6 false findings per 10k executed lines): attributes `__init__` defines on one "
    "branch only (allencrf, dnc, tft-torch), a Tensor unpacked as a tuple "
    "(agent-attention-pytorch), a name typed Tensor in one branch and float in the other "
    "(allencrf), a list of unknown size (dnc), a list append of another type (rnnbuilder) and "
    "`if` on an Optional float (tft-torch) were missed under TorchScript, iteration over "
    "tensors (agent-attention-pytorch's unpacking of `to_qkv` and of einops' `unpack`, "
    "allencrf's Viterbi decoding), its `torch.Tensor` constants and tensor conversions, and the "
    "scalar branches of stable-trunc-gaussian's legacy class under trace, the same branches "
    "(10 lines), allencrf's `nonzero` and SymInt index, dnc's `requires_grad` assignment and "
    "crfseg's unbacked kernel size under compile, and allencrf's SymInt index under export; "
    "the false findings are a `None` default typed non-Optional in a helper whose one call "
    "passes the argument (tft-torch's `attention`), size decisions in loops "
    "(fast-pytorch-kmeans, rnnbuilder) and a dict output (tft-torch) under trace, and dnc's "
    "`type(input) is PackedSequence` and `.data` under export; "
    "`fresh17` (2026-12-07, at 97d462b) gave script 1.00 / 0.74, trace 0.81 / 0.33, compile 0.54 /"
    " 0.27 and export 1.00 / 0.25 (no script or export false finding; trace and compile 21.8 false"
    " findings per 10k executed lines): a plain-Python manifold object held on torch-hyperbolic's "
    "modules (`self.manifold`) and its functional dropout's arguments, `range` of a Tensor "
    "(coral-pytorch), a `*args` constructor (linear-operator's `RootLinearOperator`) and a packed "
    "sequence unpacked as a tuple (prediction-flow's `DynamicGRU`) were missed under TorchScript; "
    "tensor-to-bool and tensor-to-number conversions (the ordinal packages' label checks, "
    "gpytorch's and linear-operator's value and shape checks, native-sparse-attention's block "
    "sizes, DIEN's length masks, torch_geometric's checks reached from torch-hyperbolic's "
    "attention), iteration over tensors and `len` of a tensor under trace; gpytorch's likelihood "
    "and variational-strategy steps Dynamo does not support, the dynamic-shape operators of the "
    "CORN loss, DIEN's attention and the graph attention, the memoisation functions Dynamo skips "
    "and the ordinal label checks' data-dependent branching under compile, and the same label "
    "checks, gpytorch's variational strategy and the exact GP's `aten.equal` under export; the "
    "false findings are dcls's index tensors built once, on the first call, by its set-up helper "
    "(`torch.tensor` of the kernel size at 3 lines under trace, `Parameter(..., "
    "requires_grad=False)` at 6 under compile), and gpytorch's `if x1_eq_x2:`, a linear operator a"
    " noise model returns to its caller (taken for a model output) and a batch-shape comparison "
    "under trace; "
    "`fresh18` (2026-12-07, at e141fa5) gave script 1.00 / 0.91, trace 0.86 / 0.85, compile "
    "1.00 / 0.66 and export 0.42 / 0.56 (no script or compile false finding; trace 59.2 and "
    "export 31.9 false findings per 10k executed lines, 2,197 executed lines): cplxmodule's "
    "complex type held on its parameters and a `*args` helper, and torchsynth's config object "
    "were missed under TorchScript; ddtw's tensor conversions in its CTC, exact-snn-nn's and "
    "survival-distributions' value checks, auto-esn's and cplxmodule's conversions under "
    "trace; ddtw's `.item()` and data-dependent operators, exact-snn-nn's latency checks, "
    "cplxmodule's and pytorch-complex's non-tensor results and torchsynth's parameter checks "
    "under compile and export; the false findings are neuron and reservoir state on self "
    "that each call resets first (spikingtorch, auto-esn: TL311), size decisions (TL106) and "
    "`.data` in batch norms (TL114) under trace, and `type()` and a NumPy call in "
    "pytorch-complex under export; "
    "`fresh19` (2026-12-07, at 2d9adf7) gave script 1.00 / 0.62, trace 0.94 / 0.64, compile "
    "1.00 / 0.76 and export 0.57 / 0.57 (no script or compile false finding; trace 27.0 and "
    "export 27.0 false findings per 10k executed lines, 1,110 executed lines): attributes "
    "TorchScript cannot convert (pytorch-mixtures' config dataclass, e3tools' list of slices, "
    "phaseaug's functions set in `__init__`) and calls with arguments of the wrong types "
    "(df0-pitch, torch-supercluster) were missed under TorchScript; iteration over tensors "
    "(e3tools' edge index, dSWIPE's window sizes), conversions raised inside torch's own "
    "functions, e3tools' radius graph and fdeint's solver loop under trace; e3tools' "
    "data-dependent guards, fdeint's `tqdm` loop, goat-attention's data pointer comparison "
    "and torch-supercluster's active prototypes under compile; dSWIPE's buffer looked up by a "
    "name built from a tensor, e3tools' radius graph and torch-supercluster's active "
    "prototypes under export; the false findings are df0-pitch's dictionaries returned to the "
    "caller (TL111) and a size decision in goat-attention (TL106) under trace, and "
    "INR-collection's progressive schedule on self (TL311) and a `math.ceil` of a tensor of a "
    "constant (TL102) in df0-pitch under export; "
    "`fresh20` (2026-12-07, at c94b2ad) gave script 1.00 / 0.40, trace 0.91 / 0.67, compile "
    "1.00 / 0.75 and export 1.00 / 0.50 (no script, compile or export false finding; trace 22.3 "
    "false findings per 10k executed lines, 896 executed lines): an attribute that holds a "
    "module or a tensor by configuration (torch-slices' `init`), a call of a submodule set to "
    "`None` and a property returning a `Linear` or a `Sequential`'s last module "
    "(contextual-conv), a lambda held as an attribute (rcps-pytorch), an `int` accumulator "
    "multiplied by tensors (gaussian-adaptive-attention), a wiring object (torch-nac) and "
    "`torch.tensor` of a float-or-tensor time step (torch-friction) were missed under "
    "TorchScript; torch-friction's input checks, time-step `.item()` and trajectory loop, "
    "floydnet's `math.sqrt` of a size, and conversions raised inside torch's LSTM (torch-nac's "
    "liquid attention) and associative scan (torch-slices) under trace; torch-friction's time-step "
    "check (a data-dependent guard) and its `.item()` under compile, and the same guard under "
    "export; the false findings are two `len()` of a forward argument after "
    "`isinstance(inputs, (list, tuple)) and` (torch-nac's liquid attention: TL105) under trace; "
    "`fresh21` (2026-12-07, at d7065a6) gave script 1.00 / 0.78, trace 0.79 / 0.68, compile "
    "0.60 / 0.30 and export 0.00 / 0.00 (no script false finding; trace 45.4, compile 7.6 and "
    "export 11.4 false findings per 10k executed lines, 2,641 executed lines): a call with an "
    "argument of the wrong type (channel-attention's `interpolate` size) and an attribute "
    "TorchScript cannot convert (torch-dimensions' scan `plan`) were missed under TorchScript; "
    "tensor-to-bool checks (darkformer-pytorch's masks and lengths, opengdn's alpha checks), "
    "conversions raised inside opt_einsum (ezgatr), aion-torch's statistics `.item()` and "
    "divergences after darkformer-pytorch's rotary cache check and torchlie's check context "
    "under trace; data-dependent branches (opengdn's chunkwise fallback, tensorkrowch), "
    "aion-torch's `.item()`, darkformer-pytorch's `torch.Generator` and torchlie's tensor "
    "subclass under compile; opengdn's zero-alpha guard and torchlie's subclass under export; "
    "the false findings are input checks in darkformer-pytorch's random features (TL109), "
    "`torch.tensor` constants in ezgatr's cached helpers (TL110), size decisions (TL106) and a "
    "redraw counter on self (TL311) under trace, ezgatr's `reference or torch.mean(...)` "
    "(TL101; `reference` is `None` there) under trace, compile and export, a `torch.load` of "
    "a basis file that ezgatr caches on its first call (TL307) under compile, and state on "
    "self in darkformer-pytorch and tensorkrowch (TL311) under export; "
    "`fresh22` (2026-12-07, at a558e1e) gave script 1.00 / 0.59, trace 0.88 / 0.85, compile "
    "1.00 / 0.69 and export 0.43 / 0.75 (no script or compile false finding; trace 50.5 and "
    "export 22.4 false findings per 10k executed lines, 1,783 executed lines): torchcurves' "
    "input map held on its modules, fast-ngp's `nn.Module` annotation, torchperslay's "
    "permutation operation (a builtin used as a value, a string called), pytorch-hexagdly's "
    "`None` cast to bool and titans-memory's `Sequential` entry read into a local annotated "
    "`nn.Linear` were missed under TorchScript; tensor-to-bool conversions in deel-torchlip's "
    "Bjorck normaliser and pytorch-hexagdly's padding plans, torch-frft's `torch.tensor` and "
    "torchcurves' `torch.as_tensor` constants, a shape's `bit_length()` in torchtomo's "
    "filter and an `int()` of a chunk size in torchtsetlin's helpers under trace; torchdae's "
    "`bool()` of tensors inside `try` blocks (its Newton loop's convergence, its "
    "initial-condition check), which Dynamo does not step through, and a data-dependent guard "
    "there, deel-torchlip's Bjorck guard and torchcurves' `python_type()` under compile, and "
    "the same Bjorck guard (in training) under export; the false findings are "
    "size decisions (TL106: deel-torchlip's group size, titans-memory's chunk loop, "
    "torchcurves' Legendre recurrence), titans-memory's output dictionaries, which the corpus "
    "reads one entry of (TL111), torch-frft's `torch.tensor` of a dimension count (TL102) and "
    "torchcurves' `.item()` in a cached property (TL103) under trace, and the same `.item()` "
    "(TL103) and caches on self filled by shape or geometry (pytorch-hexagdly's plans, "
    "torchtomo's grids: TL311) under export; `fresh23` (2026-12-07, at 6bc8eba) gave script "
    "1.00 / 1.00, trace 0.70 / 0.62, compile 1.00 / 0.28 and export 1.00 / 0.71 (no script, "
    "compile or export false finding; trace 120.0 false findings per 10k executed lines, 1,083 "
    "executed lines): iteration over tensors (neuralfields' `all()` of its parameter checks, "
    "rihog's neighbourhood masks), tensor-to-bool conversions in a `max()` of sizes (kazane's "
    "FFT length), a shape comparison (neuralfields) and an `assert` on shapes (pinn-rk), "
    "`torch.tensor` constants raised inside torch.distributions' `Normal` (diveq's noise), "
    "pinn-rk's `.item()` of stage times and its `torch.autograd.grad` residuals, rihog's "
    "`.tolist()` split sizes, kazane's block plan (an `unfold` step of 0 under trace) and "
    "torchsolve's Jacobian closure (a tensor that requires grad inserted as a constant) under "
    "trace; rihog's boolean-mask indexing and `.tolist()` sizes, convdo's `@` between its "
    "field objects (a builtin operator Dynamo fails to trace), pinn-rk's `.item()`, "
    "`requires_grad_()` and `torch.autograd.grad`, and neuralfields' `all()` of a tensor test "
    "under compile; the same neuralfields test and pinn-rk's stage-time `.item()` under "
    "export; the false findings, all under trace, are diveq's usage counters and codebook "
    "writes on self (TL311, TL114), `.item()` of its iteration counter on the path of its "
    "first call only (TL103), size decisions on paths the traced input does not take (TL106: "
    "diveq's hop size, kazane's block padding) and a `bool()` behind `threshold is not None "
    "and` in torchsolve's convergence test, where no tolerance is given (TL102). "
    "False findings "
    "per 10k executed lines: false positives (statements) per 10,000 distinct lines the "
    "corpus's models executed."
)


def generalisation_columns(results: list[CorpusResult]) -> dict[str, dict[str, Score]]:
    """The dev corpora added up (one column), then each generalisation corpus with data."""
    dev = [r for r in results if r.corpus not in GENERALISATION]
    columns: dict[str, dict[str, Score]] = {}
    if dev:
        name = f"dev ({' + '.join(r.corpus for r in dev)})"
        columns[name] = (
            combine({r.corpus: r.scores for r in dev}) if len(dev) > 1 else dev[0].scores
        )
    by_corpus = {r.corpus: r.scores for r in results}
    columns.update({c: by_corpus[c] for c in GENERALISATION if c in by_corpus})
    return columns


def side_by_side_title(columns: dict[str, dict[str, Score]]) -> str:
    """``Dev, wider and unseen corpora side by side``, naming the columns there are."""
    names = [name.split(" (")[0] for name in columns]
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"{listed[:1].upper()}{listed[1:]} corpora side by side"


class CorpusResult:
    """One corpus scored: its header line, model list and scores."""

    def __init__(self, corpus: str, header: str, models: list[str], scores: dict[str, Score]):
        self.corpus = corpus
        self.header = header
        self.models = models
        self.scores = scores


def describe(ground_truth: dict[str, Any]) -> str:
    """``transformers 5.18.0``; a corpus of several packages by its name and size (the pins are
    in setup_env.sh and its ground truth's ``versions``)."""
    versions = ground_truth["versions"]
    if "package" in ground_truth:
        return f"{ground_truth['package']} {versions[ground_truth['package']]}"
    pinned = [d for d in versions if d not in ("torch", "python")]
    return f"the {ground_truth.get('corpus', '?')} corpus of {len(pinned)} pinned packages"


def strict_trace_only(diagnostic: dict[str, Any]) -> bool:
    """Whether ``diagnostic`` claims a trace failure of the default strict mode only (TL111 on
    a returned plain dict, which ``torch.jit.trace(..., strict=False)`` returns)."""
    return STRICT_MODE in diagnostic.get("message", "")


def first_call_only(diagnostic: dict[str, Any]) -> bool:
    """Whether ``diagnostic`` holds on a model's first call only (its condition says so)."""
    return (diagnostic.get("condition") or "").endswith(FIRST_CALL)


def score_corpus(corpus: str) -> CorpusResult:
    ground_truth_path, coverage_path = runner.data_paths(corpus)
    ground_truth = json.loads(ground_truth_path.read_text())
    coverage = json.loads(coverage_path.read_text())
    root = package_root(ground_truth)
    files = sorted(
        {f for files in coverage_by_model(ground_truth, coverage).values() for f in files}
        | {
            (f"{x['package']}/{x['file']}" if x.get("package") else x["file"])
            for x in ground_truth["findings"]
        }
    )
    missing = [f for f in files if not (root / f).exists()]
    if missing:
        sys.exit(f"{len(missing)} {corpus} corpus files missing under {root}: run setup_env.sh")
    # The `__init__.py` of each package folder holding a linted file: importing the package runs
    # it, and it says what the package exports (a function library's API re-exported from a
    # private module, as torch-dct's `from ._dct import dct`).
    files = sorted(
        {
            *files,
            *(
                str(parent / "__init__.py")
                for f in files
                for parent in Path(f).parents
                if parent != Path(".") and (root / parent / "__init__.py").exists()
            ),
        }
    )
    diagnostics, version, lint_s = lint(root, files, corpus)
    # The ground truth runs every model under torch.no_grad(): a failure that needs autograd on
    # (the finding's condition says so) is a claim it cannot check, neither true nor false.
    diagnostics = [d for d in diagnostics if AUTOGRAD_ON.text not in (d.get("condition") or "")]
    scores = score(ground_truth, coverage, diagnostics, root)
    versions = ground_truth["versions"]
    models = [m["model"] for m in ground_truth["models"] if m["status"] == "ok"]
    header = (
        f"Scored {datetime.date.today().isoformat()}: torchlint {version} on "
        f"{describe(ground_truth)} "
        f"(torch {versions['torch']}, Python {versions['python']}; ground truth of "
        f"{ground_truth['generated']}), {len(models)} models, {len(files)} files linted "
        f"in {lint_s:.0f}s, {len(diagnostics)} findings."
    )
    return CorpusResult(corpus, header, models, scores)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=8, help="groups shown per list")
    parser.add_argument(
        "--corpus",
        action="append",
        choices=runner.corpora(),
        help="score only this corpus (repeatable); default: every corpus with ground truth",
    )
    parser.add_argument(
        "--readme", action="store_true", help="refresh README sections and results.md"
    )
    args = parser.parse_args()
    if args.readme and args.corpus:
        parser.error("--readme scores every corpus; leave out --corpus")
    started = time.time()
    names = args.corpus or [c for c in runner.corpora() if runner.data_paths(c)[0].exists()]
    results = [score_corpus(corpus) for corpus in names]
    columns = generalisation_columns(results)
    sections: list[str] = []
    for r in results:
        sections.append(
            f"## Corpus: {r.corpus}\n\n{r.header}\n\nModels: {', '.join(r.models)}.\n\n"
            f"{report(r.scores, args.top)}"
        )
    side = (
        f"{GENERALISATION_NOTE}\n\n{side_by_side(columns)}\n\nPer rule (statements; a "
        f"statement counts for each rule found there):\n\n{rule_table(columns)}"
    )
    title = side_by_side_title(columns)
    sections.append(f"## {title}\n\n{side}")
    text = "\n\n".join(sections)
    print(text)
    print(f"\nscored in {time.time() - started:.0f}s", file=sys.stderr)
    if args.readme:
        RESULTS.write_text(
            "# Accuracy results\n\n"
            "Written by `benchmarks/accuracy/score.py --readme`; do not edit by hand.\n\n"
            f"{text}\n"
        )
        summary = [f"**{r.corpus}**: {r.header}\n\n{table(r.scores)}" for r in results]
        summary.append(f"**{title}.** {side}")
        summary.append(
            "How it is measured and the grouped misses and false alarms: "
            "[benchmarks/accuracy](benchmarks/accuracy/README.md), "
            "[results](benchmarks/accuracy/results.md)."
        )
        update_section(REPO / "README.md", "Accuracy", "\n\n".join(summary))


if __name__ == "__main__":
    main()
