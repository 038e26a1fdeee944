"""Output formats; each is a view of the same Diagnostic and FileError records.

- ``full``: ``path:line:col: CODE [name] message``, the source line with a caret under the range,
  the back-ends it breaks and a hint about the fix;
- ``concise``: one line per finding;
- ``json``: the contract other tools read (see README, "JSON output");
- ``sarif``: SARIF 2.1.0 for code scanning;
- ``github``: GitHub Actions workflow commands (annotations on the pull request);
- ``junit``: JUnit XML, a test suite per file and a test case per finding;
- ``gitlab``: a GitLab Code Quality report.

A notebook finding is numbered by cell (``path:cell N:line:col``) in the text formats; the
formats that annotate the file itself (github, sarif, gitlab, junit) give the line of the
``.ipynb`` JSON text that holds the cell's line, or no line where that is not known.
"""

from __future__ import annotations

import hashlib
import json
import os
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import TYPE_CHECKING, Callable, Optional
from urllib.parse import quote

import click

from torchlint import __version__
from torchlint.lint.diagnostics import Diagnostic, FileError, FrameKey
from torchlint.lint.notebook import is_notebook, json_lines_of_notebook, parse_notebook
from torchlint.lint.source import SourceError

if TYPE_CHECKING:
    from torchlint.lint.rule import Rule

OUTPUT_FORMATS: tuple[str, ...] = (
    "full",
    "concise",
    "json",
    "sarif",
    "github",
    "junit",
    "gitlab",
)
# Formats other programs read: never coloured, and no progress bar beside them.
MACHINE_FORMATS: frozenset[str] = frozenset({"json", "sarif", "github", "junit", "gitlab"})
SEVERITY_COLOURS = {"error": "red", "warning": "yellow", "info": "cyan"}
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


@dataclass
class Report:
    """Everything one run found, in display order, with what the views need to show it."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    # Per path, the source lines findings start on, by number, for the caret view.
    lines: dict[str, dict[int, str]] = field(default_factory=dict)
    # The rules for SARIF's rule table, and the codes a fixer exists for; None: the installed
    # ones, loaded only when SARIF is written (a cached run imports no rule).
    rules: Optional[Sequence[type[Rule]]] = None
    fixable_codes: Optional[frozenset[str]] = None


def display_path(path: str) -> str:
    """Relative to the current folder when below it, else as given; ``/`` separators."""
    if path == "-":
        return path
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return path
    shown = path if relative.startswith("..") else relative
    return shown.replace(os.sep, "/")


def format_location(
    path: str,
    line: int,
    column: Optional[int] = None,
    cell: Optional[int] = None,
    *,
    colour: bool = False,
) -> str:
    """``path:line:col``, in a notebook ``path:cell N:line:col``: the one way every text
    output (``check``, ``fix``) writes where something is. ``path`` is shown as
    :func:`display_path` shows it, in bold with ``colour``."""
    shown = display_path(path)
    where = click.style(shown, bold=True) if colour else shown
    if cell is not None:
        where += f":cell {cell}"
    where += f":{line}"
    return f"{where}:{column}" if column is not None else where


def text_locator(path: str, original: str) -> Callable[[int, Optional[int]], str]:
    """:func:`format_location` for a line and column of the text the fixer works on: for a
    notebook (``original`` its JSON) that text is its cells' module text, whose lines are
    given as ``cell N`` and the line in the cell, as check gives them."""
    notebook = None
    if is_notebook(path):
        try:
            notebook = parse_notebook(path, original)
        except SourceError:
            notebook = None

    def locate(line: int, column: Optional[int] = None) -> str:
        cell = notebook.cell_at(line) if notebook is not None else None
        if cell is None:
            return format_location(path, line, column)
        return format_location(path, line - cell.marker_line, column, cell.number)

    return locate


def _location(d: Diagnostic, colour: bool = False) -> str:
    return format_location(d.path, d.line, d.column, d.cell, colour=colour)


def _code(d: Diagnostic, colour: bool) -> str:
    if not colour:
        return d.code
    return click.style(d.code, fg=SEVERITY_COLOURS.get(d.severity), bold=True)


def format_error(error: FileError) -> str:
    """``path[:line:col]: error: message``: a file that could not be linted, in every text
    output."""
    where = display_path(error.path)
    if error.line is not None:
        where += f":{error.line}:{error.column}"
    return f"{where}: error: {error.message}"


def _fix_note(d: Diagnostic) -> Optional[str]:
    if d.fix is None:
        return None
    if d.fix.applicability == "safe":
        return f"fix: {d.fix.message} (safe; `torchlint fix` applies it)"
    return f"fix: {d.fix.message} (unsafe; `torchlint fix --unsafe-fixes` applies it)"


def _summary(report: Report) -> list[str]:
    lines = []
    count = len(report.diagnostics)
    if count:
        lines.append(f"Found {count} {'finding' if count == 1 else 'findings'}.")
        safe = sum(1 for d in report.diagnostics if d.fix and d.fix.applicability == "safe")
        unsafe = sum(1 for d in report.diagnostics if d.fix and d.fix.applicability == "unsafe")
        if safe:
            lines.append(f"[*] {safe} fixable with `torchlint fix`.")
        if unsafe:
            lines.append(f"{unsafe} more fixable with `torchlint fix --unsafe-fixes`.")
    elif not report.errors:
        lines.append("All checks passed!")
    if report.errors:
        count = len(report.errors)
        lines.append(f"{count} {'file' if count == 1 else 'files'} could not be linted.")
    return lines


def _caret_view(d: Diagnostic, lines: Optional[dict[FrameKey, str]], colour: bool) -> list[str]:
    source_line = lines.get(d.frame_key()) if lines else None
    if source_line is None:
        return []
    start = max(d.column - 1, 0)
    end = d.end_column - 1 if d.end_line == d.line else len(source_line)
    end = max(min(end, len(source_line)), start + 1)
    # Tabs are shown as four spaces, and the caret keeps in step.
    shown = source_line.expandtabs(4)
    pad = len(source_line[:start].expandtabs(4))
    width = len(source_line[:end].expandtabs(4)) - pad
    gutter = " " * len(str(d.line))
    more = " ..." if d.end_line > d.line else ""
    caret = "^" * max(width, 1) + more
    if colour:
        caret = click.style(caret, fg=SEVERITY_COLOURS.get(d.severity), bold=True)
    return [
        f"{gutter} |",
        f"{d.line} | {shown}",
        f"{gutter} | {' ' * pad}{caret}",
    ]


def _effects(d: Diagnostic) -> str:
    """``breaks: compile, export``, and ``warns: trace`` for the back-ends that only warn."""
    broken = [t for t in d.targets if t not in d.warns]
    parts = [f"breaks: {', '.join(broken)}"] if broken else []
    if d.warns:
        parts.append(f"warns: {', '.join(d.warns)}")
    return "; ".join(parts)


def format_full(report: Report, colour: bool = False, summary: bool = True) -> str:
    out: list[str] = []
    for d in report.diagnostics:
        out.append(f"{_location(d, colour)}: {_code(d, colour)} [{d.name}] {d.message}")
        out.extend(_caret_view(d, report.lines.get(d.path), colour))
        if d.targets:
            out.append(f"  = {_effects(d)}")
        note = _fix_note(d)
        if note:
            out.append(f"  = {note}")
        out.append("")
    out.extend(format_error(e) for e in report.errors)
    if summary:
        if report.errors:
            out.append("")
        out.extend(_summary(report))
    return "".join(line + "\n" for line in out)


def format_concise(report: Report, colour: bool = False, summary: bool = True) -> str:
    out = [f"{_location(d, colour)}: {_code(d, colour)} {d.message}" for d in report.diagnostics]
    out.extend(format_error(e) for e in report.errors)
    if summary:
        out.extend(_summary(report))
    return "".join(line + "\n" for line in out)


def json_document(report: Report) -> dict:
    """The JSON contract: version, diagnostics and errors, with paths as displayed."""
    diagnostics = []
    for d in report.diagnostics:
        data = d.to_dict()
        data["path"] = display_path(d.path)
        diagnostics.append(data)
    errors = []
    for e in report.errors:
        data = e.to_dict()
        data["path"] = display_path(e.path)
        errors.append(data)
    return {"version": __version__, "diagnostics": diagnostics, "errors": errors}


def format_json(report: Report) -> str:
    return json.dumps(json_document(report), indent=2, ensure_ascii=False) + "\n"


class _FileLines:
    """Where findings are in the files themselves: a file's own lines, or for a notebook cell
    the lines of the ``.ipynb`` JSON text that hold the cell's lines (each notebook read once,
    when a format that annotates files is written). None where that is not known: a wrong line
    is worse than none."""

    def __init__(self) -> None:
        self._notebooks: dict[str, dict[int, list[int]]] = {}

    def span(self, d: Diagnostic) -> Optional[tuple[int, int]]:
        if d.cell is None:
            return d.line, d.end_line
        if d.path not in self._notebooks:
            self._notebooks[d.path] = json_lines_of_notebook(d.path)
        lines = self._notebooks[d.path].get(d.cell)
        if not lines or not 1 <= d.line <= d.end_line <= len(lines):
            return None
        return lines[d.line - 1], lines[d.end_line - 1]


def _error_position(e: FileError) -> Optional[tuple[int, int]]:
    """A file error's line and column in the file, when known (a notebook error's line is
    the cell's, not the file's)."""
    if e.line is None or is_notebook(e.path):
        return None
    return e.line, e.column or 1


def _artifact_uri(path: str) -> str:
    shown = display_path(path)
    if os.path.isabs(shown):
        return PurePath(shown).as_uri()
    return quote(shown.replace(os.sep, "/"))


def _sarif_level(severity: str) -> str:
    return {"error": "error", "warning": "warning"}.get(severity, "note")


def _sarif_region(line: int, column: int, end_line: int, end_column: int) -> dict:
    return {"startLine": line, "startColumn": column, "endLine": end_line, "endColumn": end_column}


def sarif_document(report: Report) -> dict:
    from torchlint.lint.docgen import fixable_codes as installed_fixable_codes
    from torchlint.lint.registry import all_rules

    # Every installed rule, so a result's ruleIndex is stable across runs.
    rules = sorted(
        set(report.rules if report.rules is not None else all_rules()), key=lambda r: r.code
    )
    fixable_codes = (
        report.fixable_codes if report.fixable_codes is not None else installed_fixable_codes()
    )
    index = {rule.code: position for position, rule in enumerate(rules)}
    descriptors = []
    for rule in rules:
        doc = rule.documentation()
        descriptors.append(
            {
                "id": rule.code,
                "name": rule.name,
                "shortDescription": {"text": rule.summary()},
                "fullDescription": {"text": rule.message},
                "help": {"text": doc or rule.message, "markdown": doc or rule.message},
                "defaultConfiguration": {"level": _sarif_level(rule.severity)},
                "properties": {
                    "targets": list(rule.targets),
                    "tags": ["torch", *rule.targets],
                    "fixable": rule.code in fixable_codes,
                },
            }
        )
    results = []
    file_lines = _FileLines()
    for d in report.diagnostics:
        physical: dict = {
            "artifactLocation": {"uri": _artifact_uri(d.path), "uriBaseId": "%SRCROOT%"}
        }
        result: dict = {
            "ruleId": d.code,
            "level": _sarif_level(d.severity),
            "message": {"text": d.message},
            "locations": [{"physicalLocation": physical}],
            "properties": {"targets": list(d.targets)},
        }
        if d.code in index:
            result["ruleIndex"] = index[d.code]
        if d.cell is None:
            physical["region"] = _sarif_region(d.line, d.column, d.end_line, d.end_column)
        else:
            # The artifact is the notebook's JSON: its lines, no columns; the place in the
            # cell goes in the properties.
            span = file_lines.span(d)
            if span is not None:
                physical["region"] = {"startLine": span[0], "endLine": span[1]}
            result["properties"]["cell"] = d.cell
            result["properties"]["cellRegion"] = _sarif_region(
                d.line, d.column, d.end_line, d.end_column
            )
        # A notebook fix's edits are in cell lines, which no SARIF region of the file can say.
        if d.fix is not None and d.cell is None:
            result["fixes"] = [
                {
                    "description": {"text": f"{d.fix.message} ({d.fix.applicability})"},
                    "artifactChanges": [
                        {
                            "artifactLocation": {
                                "uri": _artifact_uri(d.path),
                                "uriBaseId": "%SRCROOT%",
                            },
                            "replacements": [
                                {
                                    "deletedRegion": _sarif_region(
                                        e.line, e.column, e.end_line, e.end_column
                                    ),
                                    "insertedContent": {"text": e.content},
                                }
                                for e in d.fix.edits
                            ],
                        }
                    ],
                }
            ]
        results.append(result)
    notifications = []
    for e in report.errors:
        location: dict = {
            "artifactLocation": {"uri": _artifact_uri(e.path), "uriBaseId": "%SRCROOT%"}
        }
        position = _error_position(e)
        if position is not None:
            location["region"] = {"startLine": position[0], "startColumn": position[1]}
        notifications.append(
            {
                "level": "error",
                "message": {"text": e.message},
                "locations": [{"physicalLocation": location}],
            }
        )
    root = os.getcwd().replace(os.sep, "/").rstrip("/") + "/"
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "torchlint",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": descriptors,
                    }
                },
                "originalUriBaseIds": {"%SRCROOT%": {"uri": PurePath(root).as_uri() + "/"}},
                # Our columns count characters (code points), not UTF-16 units.
                "columnKind": "unicodeCodePoints",
                "invocations": [
                    {
                        "executionSuccessful": not report.errors,
                        "toolExecutionNotifications": notifications,
                    }
                ],
                "results": results,
            }
        ],
    }


def format_sarif(report: Report) -> str:
    return json.dumps(sarif_document(report), indent=2, ensure_ascii=False) + "\n"


def _escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(value: str) -> str:
    return _escape_data(value).replace(":", "%3A").replace(",", "%2C")


def format_github(report: Report) -> str:
    out = []
    file_lines = _FileLines()
    for d in report.diagnostics:
        level = "error" if d.severity == "error" else "warning"
        properties = {"file": display_path(d.path)}
        span = file_lines.span(d)
        if d.cell is None:
            properties["line"], properties["col"] = str(d.line), str(d.column)
            properties["endLine"], properties["endColumn"] = str(d.end_line), str(d.end_column)
        elif span is not None:  # the notebook's JSON lines; its columns are not the cell's
            properties["line"], properties["endLine"] = str(span[0]), str(span[1])
        properties["title"] = f"torchlint ({d.code} {d.name})"
        attrs = ",".join(f"{k}={_escape_property(v)}" for k, v in properties.items())
        breaks = f" [{_effects(d)}]" if d.targets else ""
        cell = f"cell {d.cell}:{d.line}:{d.column}: " if d.cell is not None else ""
        message = f"{cell}{d.code} {d.message}{breaks}"
        out.append(f"::{level} {attrs}::{_escape_data(message)}")
    for e in report.errors:
        properties = {"file": display_path(e.path), "title": "torchlint could not lint this file"}
        position = _error_position(e)
        if position is not None:
            properties["line"], properties["col"] = str(position[0]), str(position[1])
        attrs = ",".join(f"{k}={_escape_property(v)}" for k, v in properties.items())
        out.append(f"::error {attrs}::{_escape_data(e.message)}")
    return "".join(line + "\n" for line in out)


def format_junit(report: Report) -> str:
    """JUnit XML, as CI systems read test results: a test suite per file, a failing test case
    per finding, and a test case in error per problem that stopped a file being linted; a
    run without either is one passing test case."""
    by_path: dict[str, tuple[list[Diagnostic], list[FileError]]] = {}
    for d in report.diagnostics:
        by_path.setdefault(d.path, ([], []))[0].append(d)
    for e in report.errors:
        by_path.setdefault(e.path, ([], []))[1].append(e)
    root = ET.Element(
        "testsuites",
        name="torchlint",
        tests=str(max(len(report.diagnostics) + len(report.errors), 1)),
        failures=str(len(report.diagnostics)),
        errors=str(len(report.errors)),
    )
    file_lines = _FileLines()
    for path, (diagnostics, errors) in sorted(by_path.items()):
        shown = display_path(path)
        suite = ET.SubElement(
            root,
            "testsuite",
            name=shown,
            tests=str(len(diagnostics) + len(errors)),
            failures=str(len(diagnostics)),
            errors=str(len(errors)),
        )
        for d in diagnostics:
            case = ET.SubElement(
                suite, "testcase", name=f"{d.code} {d.name}", classname=shown, file=shown
            )
            span = file_lines.span(d)
            if span is not None:
                case.set("line", str(span[0]))
            failure = ET.SubElement(case, "failure", message=d.message, type=d.code)
            failure.text = f"{_location(d)}: {d.code} {d.message}"
        for e in errors:
            case = ET.SubElement(
                suite, "testcase", name="could not lint", classname=shown, file=shown
            )
            position = _error_position(e)
            if position is not None:
                case.set("line", str(position[0]))
            error = ET.SubElement(case, "error", message=e.message)
            error.text = format_error(e)
    if not by_path:
        suite = ET.SubElement(root, "testsuite", name="torchlint", tests="1", failures="0")
        suite.set("errors", "0")
        ET.SubElement(suite, "testcase", name="no findings", classname="torchlint")
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'


# GitLab's severities, from the least: info, minor, major, critical, blocker.
GITLAB_SEVERITIES = {"error": "major", "warning": "minor", "info": "info"}


def gitlab_document(report: Report) -> list[dict]:
    """A GitLab Code Quality report: one issue per finding and per file that could not be
    linted. A finding's fingerprint hashes its path, code and the text of its line (not the
    line number), so it stays the same across runs while the code moves; findings that would
    share one are told apart by their order."""
    issues: list[dict] = []
    seen: Counter[str] = Counter()
    file_lines = _FileLines()

    def fingerprint(*parts: str) -> str:
        key = "\0".join(parts)
        seen[key] += 1
        return hashlib.sha256(f"{key}\0{seen[key]}".encode()).hexdigest()

    for d in report.diagnostics:
        shown = display_path(d.path)
        text = report.lines.get(d.path, {}).get(d.frame_key())
        # Without the line's text (not kept), the message stands in for it.
        anchor = text.strip() if text is not None else d.message
        location: dict = {"path": shown}
        span = file_lines.span(d)
        if span is not None:
            location["lines"] = {"begin": span[0], "end": span[1]}
        cell = f"cell {d.cell}:{d.line}:{d.column}: " if d.cell is not None else ""
        issues.append(
            {
                "description": f"{cell}{d.code} [{d.name}] {d.message}",
                "check_name": d.code,
                "fingerprint": fingerprint(shown, d.code, anchor),
                "severity": GITLAB_SEVERITIES.get(d.severity, "info"),
                "location": location,
            }
        )
    for e in report.errors:
        shown = display_path(e.path)
        position = _error_position(e)
        issues.append(
            {
                "description": f"could not lint this file: {e.message}",
                "check_name": "torchlint-error",
                "fingerprint": fingerprint(shown, "torchlint-error", e.message),
                "severity": "critical",
                # GitLab needs a line: the file's first, for a file-wide problem.
                "location": {
                    "path": shown,
                    "lines": {"begin": position[0] if position else 1},
                },
            }
        )
    return issues


def format_gitlab(report: Report) -> str:
    return json.dumps(gitlab_document(report), indent=2, ensure_ascii=False) + "\n"


FORMATTERS: dict[str, Callable[[Report], str]] = {
    "full": format_full,
    "concise": format_concise,
    "json": format_json,
    "sarif": format_sarif,
    "github": format_github,
    "junit": format_junit,
    "gitlab": format_gitlab,
}


def render(
    report: Report, output_format: str, *, colour: bool = False, summary: bool = True
) -> str:
    """The report in ``output_format``. For the text formats (full, concise), ``colour``
    styles it with ANSI codes and ``summary`` adds the closing count; the machine formats
    ignore both."""
    if output_format == "full":
        return format_full(report, colour, summary)
    if output_format == "concise":
        return format_concise(report, colour, summary)
    return FORMATTERS[output_format](report)


def statistics(report: Report) -> list[dict]:
    """Findings per rule, most frequent first. ``fixable`` counts the findings `torchlint fix`
    fixes (safe fixes), as the summary's ``[*]`` line does; an unsafe-only one is not."""
    counts = Counter((d.code, d.name) for d in report.diagnostics)
    fixable = Counter(
        d.code for d in report.diagnostics if d.fix is not None and d.fix.applicability == "safe"
    )
    return [
        {"code": code, "name": name, "count": count, "fixable": fixable[code]}
        for (code, name), count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    ]


def format_statistics(report: Report, output_format: str) -> str:
    rows = statistics(report)
    if output_format == "json":
        document = {"version": __version__, "statistics": rows}
        document["errors"] = json_document(report)["errors"]
        return json.dumps(document, indent=2) + "\n"
    width = max((len(str(row["count"])) for row in rows), default=1)
    out = [
        f"{row['count']:>{width}}  {row['code']}  {'[*] ' if row['fixable'] else ''}{row['name']}"
        for row in rows
    ]
    out.extend(format_error(e) for e in report.errors)
    total = sum(row["count"] for row in rows)
    out.append(f"Found {total} {'finding' if total == 1 else 'findings'}.")
    return "\n".join(out) + "\n"
