"""Output formats; each is a view of the same Diagnostic and FileError records.

- ``full``: ``path:line:col: CODE [name] message``, the source line with a caret under the range,
  the back-ends it breaks and a hint about the fix;
- ``concise``: one line per finding;
- ``json``: the contract other tools read (see README, "JSON output");
- ``sarif``: SARIF 2.1.0 for code scanning;
- ``github``: GitHub Actions workflow commands (annotations on the pull request).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import TYPE_CHECKING, Callable, Optional
from urllib.parse import quote

from torchlint import __version__
from torchlint.lint.diagnostics import Diagnostic, FileError

if TYPE_CHECKING:
    from torchlint.lint.rule import Rule

OUTPUT_FORMATS: tuple[str, ...] = ("full", "concise", "json", "sarif", "github")
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


def _location(d: Diagnostic) -> str:
    cell = f"cell {d.cell}:" if d.cell is not None else ""
    return f"{display_path(d.path)}:{cell}{d.line}:{d.column}"


def _error_line(error: FileError) -> str:
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


def _caret_view(d: Diagnostic, lines: Optional[dict[int, str]]) -> list[str]:
    source_line = lines.get(d.line) if lines else None
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
    return [
        f"{gutter} |",
        f"{d.line} | {shown}",
        f"{gutter} | {' ' * pad}{'^' * max(width, 1)}{more}",
    ]


def format_full(report: Report) -> str:
    out: list[str] = []
    for d in report.diagnostics:
        out.append(f"{_location(d)}: {d.code} [{d.name}] {d.message}")
        out.extend(_caret_view(d, report.lines.get(d.path)))
        if d.targets:
            out.append(f"  = breaks: {', '.join(d.targets)}")
        note = _fix_note(d)
        if note:
            out.append(f"  = {note}")
        out.append("")
    out.extend(_error_line(e) for e in report.errors)
    if report.errors:
        out.append("")
    out.extend(_summary(report))
    return "\n".join(out) + "\n"


def format_concise(report: Report) -> str:
    out = [f"{_location(d)}: {d.code} {d.message}" for d in report.diagnostics]
    out.extend(_error_line(e) for e in report.errors)
    out.extend(_summary(report))
    return "\n".join(out) + "\n"


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
    for d in report.diagnostics:
        result: dict = {
            "ruleId": d.code,
            "level": _sarif_level(d.severity),
            "message": {"text": d.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {
                            "uri": _artifact_uri(d.path),
                            "uriBaseId": "%SRCROOT%",
                        },
                        "region": _sarif_region(d.line, d.column, d.end_line, d.end_column),
                    }
                }
            ],
            "properties": {"targets": list(d.targets)},
        }
        if d.code in index:
            result["ruleIndex"] = index[d.code]
        if d.cell is not None:
            result["properties"]["cell"] = d.cell
        if d.fix is not None:
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
        if e.line is not None:
            location["region"] = {"startLine": e.line, "startColumn": e.column or 1}
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
    for d in report.diagnostics:
        level = "error" if d.severity == "error" else "warning"
        properties = {
            "file": display_path(d.path),
            "line": str(d.line),
            "col": str(d.column),
            "endLine": str(d.end_line),
            "endColumn": str(d.end_column),
            "title": f"torchlint ({d.code} {d.name})",
        }
        attrs = ",".join(f"{k}={_escape_property(v)}" for k, v in properties.items())
        breaks = f" [breaks: {', '.join(d.targets)}]" if d.targets else ""
        out.append(f"::{level} {attrs}::{_escape_data(f'{d.code} {d.message}{breaks}')}")
    for e in report.errors:
        properties = {"file": display_path(e.path), "title": "torchlint could not lint this file"}
        if e.line is not None:
            properties["line"] = str(e.line)
            properties["col"] = str(e.column or 1)
        attrs = ",".join(f"{k}={_escape_property(v)}" for k, v in properties.items())
        out.append(f"::error {attrs}::{_escape_data(e.message)}")
    return "".join(line + "\n" for line in out)


FORMATTERS: dict[str, Callable[[Report], str]] = {
    "full": format_full,
    "concise": format_concise,
    "json": format_json,
    "sarif": format_sarif,
    "github": format_github,
}


def statistics(report: Report) -> list[dict]:
    """Findings per rule, most frequent first."""
    counts = Counter((d.code, d.name) for d in report.diagnostics)
    fixable = Counter(d.code for d in report.diagnostics if d.fix is not None)
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
    out.extend(_error_line(e) for e in report.errors)
    total = sum(row["count"] for row in rows)
    out.append(f"Found {total} {'finding' if total == 1 else 'findings'}.")
    return "\n".join(out) + "\n"
