"""The one record every output is a view of: Diagnostic, with an optional Fix made of Edits.

Lines and columns are 1-based. ``end_column`` points one past the last character of the range,
so a range covering ``abc`` at the start of line 3 is (3, 1)-(3, 4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Optional, Union

from torchlint.lint.source import Source, source_lines

if TYPE_CHECKING:  # reading results, cached ones included, needs no libcst
    import libcst as cst

TARGETS: tuple[str, ...] = ("script", "trace", "compile", "export")
Applicability = Literal["safe", "unsafe"]
Severity = Literal["error", "warning", "info"]
# The key of a finding's code frame in ``FileResult.lines``: its line, or in a notebook
# (cell, line), as cells number their lines from 1 each.
FrameKey = Union[int, tuple[int, int]]


@dataclass(frozen=True)
class Edit:
    """Replace the text between (line, column) and (end_line, end_column) with ``content``."""

    line: int
    column: int
    end_line: int
    end_column: int
    content: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "content": self.content,
        }


@dataclass(frozen=True)
class Fix:
    applicability: Applicability
    message: str
    edits: tuple[Edit, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "applicability": self.applicability,
            "message": self.message,
            "edits": [e.to_dict() for e in self.edits],
        }


@dataclass(frozen=True)
class Message:
    """A finding's message made of one clause per back-end, so that it says only what the
    back-ends the finding names do: ``subject``, the clauses of the finding's targets (in
    ``clauses`` order), then ``advice``. Rendered once the targets are final (after the
    graph's reach and the run's ``--target`` selection narrowed them)."""

    subject: str
    clauses: tuple[tuple[str, str], ...]  # (back-end, what it does with the code)
    advice: str = ""
    # Back-ends whose clause says torch only warns (a TracerWarning) and the converted module
    # still computes what eager does on the inputs the clause names: the finding is about the
    # warning, not a failure (``Diagnostic.warns``).
    warns: frozenset[str] = frozenset()

    def render(self, targets: Optional[Sequence[str]] = None) -> str:
        """The message for a finding naming ``targets`` (None: every back-end with a clause)."""
        named = [text for target, text in self.clauses if targets is None or target in targets]
        text = self.subject
        if named:
            text += ": " + "; ".join(dict.fromkeys(named))  # a clause two back-ends share, once
        return f"{text}; {self.advice}" if self.advice else text


# The end of a condition that holds on a module's first call only (its set-up: code under
# `if self.x is None:` that stores `self.x`; see lint/conditions.py).
FIRST_CALL = ", on the first call only"


def with_condition(message: str, condition: Optional[str]) -> str:
    """The message, saying the path condition the code runs under, if any."""
    if condition and condition.endswith(FIRST_CALL):
        test = condition[: -len(FIRST_CALL)]
        return (
            f"{message} (runs only on the first call, while `{test}`: a model that has "
            "already run once skips it)"
        )
    return f"{message} (runs only when `{condition}`)" if condition else message


def warned_severity(severity: Severity, targets: Sequence[str], warns: Sequence[str]) -> Severity:
    """An error is a warning when every back-end it names only warns (``Diagnostic.warns``)."""
    if severity == "error" and targets and all(t in warns for t in targets):
        return "warning"
    return severity


@dataclass
class Diagnostic:
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    code: str
    name: str
    message: str
    severity: Severity = "error"
    targets: tuple[str, ...] = ()
    fix: Optional[Fix] = None
    # Notebook cell (1-based) the finding is in; lines are then relative to the cell.
    cell: Optional[int] = None
    # The Python test the code runs under (``self.training``, ``labels is not None``), and the
    # mode that path needs (``training`` / ``inference``; None: both run it).
    condition: Optional[str] = None
    mode: Optional[str] = None
    # The back-ends of ``targets`` where torch only warns and the result stays eager's (its
    # ``Message.warns``): a trace that warns here still computes the right values.
    warns: tuple[str, ...] = ()
    # The CST node the rule reported, for fixers; never serialised.
    node: Optional[cst.CSTNode] = field(default=None, repr=False, compare=False)
    # What ``message`` is rendered from while ``targets`` may still narrow (the cache keeps it,
    # so each run renders for its own back-ends); never in the JSON.
    template: Optional[Message] = field(default=None, repr=False, compare=False)

    def narrow(self, targets: Sequence[str]) -> None:
        """Keep only the back-ends in ``targets``, and render the message for those left."""
        self.targets = tuple(t for t in self.targets if t in targets)
        self.warns = tuple(t for t in self.warns if t in self.targets)
        self.severity = warned_severity(self.severity, self.targets, self.warns)
        if self.template is not None:
            self.message = with_condition(self.template.render(self.targets), self.condition)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "code": self.code,
            "name": self.name,
            "message": self.message,
            "severity": self.severity,
            "targets": list(self.targets),
            "warns": list(self.warns),
            "fix": self.fix.to_dict() if self.fix else None,
            "condition": self.condition,
            "mode": self.mode,
        }
        if self.cell is not None:
            data["cell"] = self.cell
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Diagnostic:
        fix = data.get("fix")
        return cls(
            path=data["path"],
            line=data["line"],
            column=data["column"],
            end_line=data["end_line"],
            end_column=data["end_column"],
            code=data["code"],
            name=data["name"],
            message=data["message"],
            severity=data.get("severity", "error"),
            targets=tuple(data.get("targets", ())),
            warns=tuple(data.get("warns", ())),
            fix=Fix(
                applicability=fix["applicability"],
                message=fix["message"],
                edits=tuple(Edit(**e) for e in fix["edits"]),
            )
            if fix
            else None,
            cell=data.get("cell"),
            condition=data.get("condition"),
            mode=data.get("mode"),
        )

    def sort_key(self) -> tuple[Any, ...]:
        return (self.path, self.cell or 0, self.line, self.column, self.code)

    def frame_key(self) -> FrameKey:
        return self.line if self.cell is None else (self.cell, self.line)


@dataclass(frozen=True)
class FileError:
    """A file that could not be linted (unreadable, undecodable, syntax error), or an internal error."""

    path: str
    message: str
    line: Optional[int] = None
    column: Optional[int] = None
    # The traceback of an internal error, for ``-v``; never serialised.
    detail: Optional[str] = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"path": self.path, "message": self.message}
        if self.line is not None:
            data["line"] = self.line
            data["column"] = self.column
        return data


@dataclass
class FileResult:
    path: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    source: Optional[Source] = None
    module: Optional[cst.Module] = None
    # Notebook findings are numbered by cell and line, not by the module text's lines.
    cell_mapped: bool = False
    # The source lines findings start on, by number (their code frames): what ``lint_files``
    # keeps of the text, which it does not hold (transformers: 27 MB in 571 files).
    lines: dict[FrameKey, str] = field(default_factory=dict)

    def code_lines(self) -> dict[FrameKey, str]:
        """The source lines the findings start on, from ``lines`` or the source."""
        if self.lines or self.source is None or self.cell_mapped or not self.diagnostics:
            return self.lines
        numbered = source_lines(self.source.text)
        return {
            d.line: numbered[d.line - 1] for d in self.diagnostics if 0 < d.line <= len(numbered)
        }

    def keep_code_lines(self) -> None:
        """Keep only the lines of the code frames, not the whole source text."""
        self.lines = self.code_lines()
        self.source = None
