"""Fixes: the Fixer base class, turning CST replacements into text edits, and applying them.

A fixer is a small class in ``fixers/`` that names the rule codes it fixes and its safety, and
returns replacements for CST nodes of the reported tree. The engine converts them to
:class:`Edit` records (so JSON, the LSP and ``torchlint fix`` share them) after the traversal.

Edits are computed by rendering the top-level statement that holds the replaced node before and
after the replacement and keeping only the changed middle, so a multi-line replacement gets the
indentation of where it lands, and comments and formatting outside the replaced node stay
byte-for-byte. Applying (conflicts, compile check, rounds until nothing changes) is
:func:`fix_text`; reading, diffing and atomic writing of files is in :mod:`torchlint.lint.fix_files`.
"""

from __future__ import annotations

import bisect
import sys
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Optional, Union

import libcst as cst
from libcst._nodes.internal import CodegenState

from torchlint.lint.diagnostics import Applicability, Diagnostic, Edit, Fix
from torchlint.lint.source import line_starts
from torchlint.lint.walk import walk

if TYPE_CHECKING:
    from torchlint.lint.context import LintContext
    from torchlint.lint.diagnostics import FileResult
    from torchlint.lint.rule import Rule
    from torchlint.lint.semantic.index import ProjectIndex
    from torchlint.lint.semantic.kinds import Kind
    from torchlint.lint.settings import Settings

NewCode = Union[cst.CSTNode, cst.RemovalSentinel, cst.FlattenSentinel, str]
Replacement = tuple[cst.CSTNode, NewCode]

# A fix that keeps producing new edits (two fixes undoing each other) stops after this many rounds.
MAX_ROUNDS = 10


class Fixer:
    """Base class of every fixer: set ``codes``, ``applicability``, ``message``; implement ``fix``.

    ``fix`` returns replacements ``(old_node, new)`` where ``new`` is a node, source text for the
    old node's place (an expression or statements), ``cst.RemovalSentinel.REMOVE`` or a
    ``cst.FlattenSentinel``; or None when this finding is not one the fixer can fix. Helpers
    give the parent of a node, the kind of an expression, and names to use for imports (the
    import is added once when the fix is applied).
    """

    codes: ClassVar[tuple[str, ...]] = ()
    applicability: ClassVar[Applicability] = "safe"
    message: ClassVar[str] = ""

    def __init__(self, ctx: LintContext, tools: Optional[FileFixTools] = None) -> None:
        self.ctx = ctx
        self.tools = tools or FileFixTools(ctx)

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        """Replacements (old node, new node or source text) that fix ``diagnostic``, or None."""
        raise NotImplementedError

    # -- helpers for fixers -----------------------------------------------------------------
    def parent(self, node: cst.CSTNode) -> Optional[cst.CSTNode]:
        return self.tools.parent_of(node)

    def ancestors(self, node: cst.CSTNode) -> list[cst.CSTNode]:
        found = []
        current = self.parent(node)
        while current is not None:
            found.append(current)
            current = self.parent(current)
        return found

    def enclosing_function(self, node: cst.CSTNode) -> Optional[cst.FunctionDef]:
        for ancestor in self.ancestors(node):
            if isinstance(ancestor, cst.FunctionDef):
                return ancestor
        return None

    def kind(self, expr: cst.BaseExpression) -> Kind:
        from torchlint.lint.semantic.kinds import Kind

        function = self.enclosing_function(expr)
        inference = self.ctx.model.inference(function) if function is not None else None
        return inference.kind(expr) if inference is not None else Kind.UNKNOWN

    def code(self, node: cst.CSTNode) -> str:
        return self.ctx.module.code_for_node(node)

    def import_module(self, module: str) -> str:
        """The local name of ``module`` (``import torch as th`` -> ``th``); adds the import if missing."""
        return self.tools.module_name(module)

    def import_from(self, module: str, name: str) -> str:
        """Text that names ``module.name`` here: ``Optional`` (adding ``from typing import
        Optional`` if needed), or ``typing.Optional`` when ``Optional`` means something else."""
        return self.tools.member_name(module, name)


@dataclass
class _Binding:
    """What a top-level import binds: a module (``import typing``) or a member (``from typing import X``)."""

    module: str
    member: Optional[str]


class FileFixTools:
    """Per-file state shared by the fixers of one file: parents, statement offsets, imports."""

    def __init__(self, ctx: LintContext) -> None:
        self.ctx = ctx
        self.module = ctx.module
        self._parents: Optional[dict[int, cst.CSTNode]] = None
        # Parents inside the top-level statements walked so far (see ``parent_of``).
        self._statement_parents: dict[int, cst.CSTNode] = {}
        self._walked: set[int] = set()
        self._top_lines: Optional[list[tuple[int, int]]] = None
        self._line_starts: Optional[list[int]] = None
        # The line of the finding being fixed: where to look for the nodes a fixer asks about.
        self.hint_line: Optional[int] = None
        self._offsets: Optional[list[int]] = None
        self._rendered: dict[int, str] = {}
        self._bindings: Optional[dict[str, _Binding]] = None
        self.pending_imports: list[str] = []

    # -- tree ---------------------------------------------------------------------------------
    def parents(self) -> dict[int, cst.CSTNode]:
        if self._parents is None:
            parents: dict[int, cst.CSTNode] = {}
            stack: list[cst.CSTNode] = []

            def enter(node: cst.CSTNode) -> None:
                if stack:
                    parents[id(node)] = stack[-1]
                stack.append(node)

            walk(self.module, enter, lambda node: stack.pop())
            self._parents = parents
        return self._parents

    def parent_of(self, node: cst.CSTNode) -> Optional[cst.CSTNode]:
        """``parents().get(id(node))``, without walking the whole module when the node lies in
        the top-level statement at ``hint_line`` (a finding's nodes almost always do)."""
        if self._parents is not None:
            return self._parents.get(id(node))
        if node is self.module:
            return None
        found = self._statement_parents.get(id(node))
        if found is None:
            statement = self._statement_at(self.hint_line)
            if statement is not None and id(statement) not in self._walked:
                self._walk_statement(statement)
                found = self._statement_parents.get(id(node))
        return found if found is not None else self.parents().get(id(node))

    def _walk_statement(self, statement: cst.CSTNode) -> None:
        self._walked.add(id(statement))
        parents = self._statement_parents
        parents[id(statement)] = self.module
        stack: list[cst.CSTNode] = []

        def enter(node: cst.CSTNode) -> None:
            if stack:
                parents[id(node)] = stack[-1]
            stack.append(node)

        walk(statement, enter, lambda node: stack.pop())

    def _statement_at(self, line: Optional[int]) -> Optional[cst.CSTNode]:
        """The top-level statement whose lines hold ``line``, when the line table knows."""
        if line is None:
            return None
        if self._top_lines is None:
            self._top_lines = []
            for index, statement in enumerate(self.module.body):
                first = self.ctx.known_statement_line(statement)
                if first is None:
                    break  # no line table (or it is incomplete): always walk everything
                self._top_lines.append((first, index))
        position = bisect.bisect_right(self._top_lines, (line, len(self.module.body))) - 1
        return self.module.body[self._top_lines[position][1]] if position >= 0 else None

    def line_starts(self) -> list[int]:
        if self._line_starts is None:
            self._line_starts = line_starts(self.ctx.source)
        return self._line_starts

    def top_statement(self, node: cst.CSTNode) -> Optional[int]:
        """Index in ``module.body`` of the top-level statement holding ``node``."""
        current = node
        while True:
            parent = self.parent_of(current)
            if parent is None:
                return None
            if parent is self.module:
                break
            current = parent
        for index, stmt in enumerate(self.module.body):
            if stmt is current:
                return index
        return None

    def rendered(self, index: int) -> str:
        text = self._rendered.get(index)
        if text is None:
            text = self.module.code_for_node(self.module.body[index])
            self._rendered[index] = text
        return text

    def statement_offset(self, index: int) -> int:
        """Start offset of top-level statement ``index`` (as in ``offsets``), from the line
        table when its rendering is found there, without rendering the statements before it."""
        statement = self.module.body[index]
        line = self.ctx.known_statement_line(statement)
        starts = self.line_starts()
        if line is not None:
            first = line - len(getattr(statement, "leading_lines", ()))
            if 1 <= first <= len(starts):
                offset = starts[first - 1]
                expected = self.rendered(index)
                if (
                    index == len(self.module.body) - 1
                    and not self.module.footer
                    and not self.module.has_trailing_newline
                ):
                    expected = _strip_newline(expected)  # the module drops the last newline
                if self.ctx.source.startswith(expected, offset):
                    return offset
        return self.offsets()[index]

    def offsets(self) -> list[int]:
        """Start offset in the file text of each top-level statement (its leading lines included)."""
        if self._offsets is None:
            position = sum(len(self.module.code_for_node(line)) for line in self.module.header)
            offsets = []
            for index in range(len(self.module.body)):
                offsets.append(position)
                position += len(self.rendered(index))
            offsets.append(position)
            self._offsets = offsets
        return self._offsets

    # -- imports ------------------------------------------------------------------------------
    def bindings(self) -> dict[str, _Binding]:
        if self._bindings is None:
            bindings: dict[str, _Binding] = {}
            for stmt in self.module.body:
                if not isinstance(stmt, cst.SimpleStatementLine):
                    continue
                for small in stmt.body:
                    if isinstance(small, cst.Import):
                        for alias in small.names:
                            dotted = _dotted(alias.name)
                            if alias.asname is not None:
                                local = _dotted(alias.asname.name)
                                bindings[local] = _Binding(dotted, None)
                            else:
                                head = dotted.split(".")[0]
                                bindings[head] = _Binding(head, None)
                    elif (
                        isinstance(small, cst.ImportFrom)
                        and not small.relative
                        and small.module is not None
                        and not isinstance(small.names, cst.ImportStar)
                    ):
                        for alias in small.names:
                            name = _dotted(alias.name)
                            local = _dotted(alias.asname.name) if alias.asname else name
                            bindings[local] = _Binding(_dotted(small.module), name)
            self._bindings = bindings
        return self._bindings

    def _defined_elsewhere(self, name: str) -> bool:
        return name in self.ctx.model.summary.defined_names

    def module_name(self, module: str) -> str:
        for local, binding in self.bindings().items():
            if binding.member is None and binding.module == module:
                return local
        head = module.split(".")[0]
        if head in self.bindings() or self._defined_elsewhere(head):
            # ``import torch.nn`` binds ``torch`` too; anything else under that name blocks it.
            binding = self.bindings().get(head)
            if (
                binding is not None
                and binding.member is None
                and binding.module == head
                and "." in module
            ):
                return module
        self.pending_imports.append(f"import {module}")
        return module

    def member_name(self, module: str, name: str) -> str:
        bindings = self.bindings()
        for local, binding in bindings.items():
            if binding.module == module and binding.member == name:
                return local
        for local, binding in bindings.items():
            if binding.member is None and binding.module == module:
                return f"{local}.{name}"  # ``import typing`` is there: no new import
        if name not in bindings and not self._defined_elsewhere(name):
            self.pending_imports.append(f"from {module} import {name}")
            return name
        return f"{self.module_name(module)}.{name}"

    def import_insert_offset(self) -> int:
        """Where a new import line goes: after the leading imports, else after docstring/__future__."""
        body = self.module.body
        after = 0
        for index, stmt in enumerate(body):
            if not isinstance(stmt, cst.SimpleStatementLine):
                break
            smalls = stmt.body
            if index == 0 and len(smalls) == 1 and isinstance(smalls[0], cst.Expr):
                if isinstance(smalls[0].value, (cst.SimpleString, cst.ConcatenatedString)):
                    after = index + 1
                    continue
            if all(isinstance(s, (cst.Import, cst.ImportFrom)) for s in smalls):
                after = index + 1
                continue
            break
        return self.statement_offset(after) if after < len(body) else self.offsets()[after]


def _dotted(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{_dotted(node.value)}.{node.attr.value}"
    return ""


# -- replacements -> edits ----------------------------------------------------------------------
class _Replacer(cst.CSTTransformer):
    def __init__(self, mapping: dict[int, object]) -> None:
        super().__init__()
        self.mapping = mapping

    def on_visit(self, node: cst.CSTNode) -> bool:
        return id(node) not in self.mapping

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode):  # type: ignore[override]
        return self.mapping.get(id(original_node), updated_node)


def _as_node(old: cst.CSTNode, new: NewCode, module: cst.Module) -> object:
    if not isinstance(new, str):
        return new
    if isinstance(old, cst.BaseExpression):
        return cst.parse_expression(new, config=module.config_for_parsing)
    statements = cst.parse_module(new, config=module.config_for_parsing).body
    if isinstance(old, cst.BaseStatement) and len(statements) == 1:
        node = statements[0]
        return (
            node.with_changes(leading_lines=old.leading_lines)
            if hasattr(old, "leading_lines")
            else node
        )
    return cst.FlattenSentinel(statements)


def _offset_to_position(starts: list[int], offset: int) -> tuple[int, int]:
    """1-based (line, column) of a character offset."""
    lo, hi = 0, len(starts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if starts[mid] <= offset:
            lo = mid
        else:
            hi = mid - 1
    return lo + 1, offset - starts[lo] + 1


def _position_to_offset(starts: list[int], line: int, column: int) -> int:
    return starts[line - 1] + column - 1


def _changed_middle(old: str, new: str) -> tuple[int, int, str]:
    """(start, end in ``old``, replacement) for the part between the common prefix and suffix."""
    limit = min(len(old), len(new))
    prefix = 0
    while prefix < limit and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while suffix < limit - prefix and old[len(old) - 1 - suffix] == new[len(new) - 1 - suffix]:
        suffix += 1
    return prefix, len(old) - suffix, new[prefix : len(new) - suffix]


def edits_for(
    tools: FileFixTools, replacements: Sequence[Replacement]
) -> Optional[tuple[Edit, ...]]:
    """Text edits for ``replacements`` plus the imports the fixer asked for; None if nothing changes."""
    module = tools.module
    starts = tools.line_starts()
    spans = _statement_spans(tools, replacements, starts)
    if spans is None:
        spans = _top_level_spans(tools, replacements)
    if spans is None:
        return None
    if not spans:
        return None
    newline = module.default_newline
    imports = list(dict.fromkeys(tools.pending_imports))
    tools.pending_imports.clear()
    if imports:
        at = tools.import_insert_offset()
        spans.append((at, at, "".join(f"{line}{newline}" for line in imports)))
    edits = []
    for start, end, content in sorted(spans):
        line, column = _offset_to_position(starts, start)
        end_line, end_column = _offset_to_position(starts, end)
        edits.append(Edit(line, column, end_line, end_column, content))
    return tuple(edits)


def _statement_spans(
    tools: FileFixTools, replacements: Sequence[Replacement], starts: list[int]
) -> Optional[list[tuple[int, int, str]]]:
    """Fast path: render only the innermost statement holding every replaced node, with the
    indentation of the blocks around it. None when that is not possible (the caller then
    renders the whole top-level statement)."""
    module = tools.module
    parent_of = tools.parent_of
    holder: Optional[cst.CSTNode] = None
    for old, _ in replacements:
        # A replaced statement is rendered inside its parent statement, so that its leading
        # comment lines are part of both renderings.
        node: Optional[cst.CSTNode] = parent_of(old) if isinstance(old, cst.BaseStatement) else old
        while node is not None and not isinstance(
            node, (cst.SimpleStatementLine, cst.BaseCompoundStatement)
        ):
            node = parent_of(node)
        if node is None or (holder is not None and node is not holder):
            return None
        holder = node
    assert holder is not None
    indents = []
    node = parent_of(holder)
    while node is not None:
        if isinstance(node, cst.IndentedBlock):
            indents.append(module.default_indent if node.indent is None else node.indent)
        node = parent_of(node)
    indents.reverse()
    try:
        line = tools.ctx.statement_line(holder)
    except KeyError:
        return None
    if line is None:
        return None
    mapping = {id(old): _as_node(old, new, module) for old, new in replacements}
    bare = holder.with_changes(leading_lines=())
    before = _render_indented(module, bare, indents)
    start_offset = starts[line - 1]
    if tools.ctx.source[start_offset : start_offset + len(before)] != before:
        return None
    after = _render_indented(module, bare.visit(_Replacer(mapping)), indents)
    start, end, content = _changed_middle(before, after)
    if start == end and not content:
        return []
    return [(start_offset + start, start_offset + end, content)]


def _render_indented(module: cst.Module, node: object, indents: list[str]) -> str:
    nodes = node.nodes if isinstance(node, cst.FlattenSentinel) else [node]
    state = CodegenState(
        default_indent=module.default_indent, default_newline=module.default_newline
    )
    state.indent_tokens = list(indents)
    for item in nodes:
        item._codegen(state)  # type: ignore[attr-defined]
    return "".join(state.tokens)


def _top_level_spans(
    tools: FileFixTools, replacements: Sequence[Replacement]
) -> Optional[list[tuple[int, int, str]]]:
    """Render the top-level statements holding the replaced nodes before and after."""
    module = tools.module
    grouped: dict[int, dict[int, object]] = {}
    for old, new in replacements:
        index = tools.top_statement(old)
        if index is None:
            return None
        grouped.setdefault(index, {})[id(old)] = _as_node(old, new, module)
    spans: list[tuple[int, int, str]] = []
    last = len(module.body) - 1
    for index, mapping in sorted(grouped.items()):
        before = tools.rendered(index)
        after_node = module.body[index].visit(_Replacer(mapping))
        after = "" if isinstance(after_node, cst.RemovalSentinel) else _render(module, after_node)
        if index == last and not module.footer and not module.has_trailing_newline:
            # The module drops the last newline the statement renders with.
            before = _strip_newline(before)
            after = _strip_newline(after)
        start, end, content = _changed_middle(before, after)
        if start == end and not content:
            continue
        offset = tools.statement_offset(index)
        spans.append((offset + start, offset + end, content))
    return spans


def _render(module: cst.Module, node: object) -> str:
    if isinstance(node, cst.FlattenSentinel):
        return "".join(module.code_for_node(n) for n in node.nodes)
    return module.code_for_node(node)  # type: ignore[arg-type]


def _strip_newline(text: str) -> str:
    for ending in ("\r\n", "\n", "\r"):
        if text.endswith(ending):
            return text[: -len(ending)]
    return text


# -- attaching fixes to findings (called by the engine) ------------------------------------------
@lru_cache(maxsize=1)
def all_fixers() -> tuple[type[Fixer], ...]:
    from torchlint.lint.registry import load_plugins

    return tuple(load_plugins("torchlint.fixers", Fixer))


def fixers_by_code(fixers: Optional[Sequence[type[Fixer]]] = None) -> dict[str, list[type[Fixer]]]:
    table: dict[str, list[type[Fixer]]] = {}
    for fixer in fixers if fixers is not None else all_fixers():
        for code in fixer.codes:
            table.setdefault(code, []).append(fixer)
    for candidates in table.values():
        # Safe fixers first: a finding gets the safe fix when one applies.
        candidates.sort(key=lambda f: f.applicability != "safe")
    return table


def attach_fixes(ctx: LintContext, diagnostics: Sequence[Diagnostic]) -> list[str]:
    """Set ``Diagnostic.fix`` where a fixer applies; returns internal-error messages of fixers."""
    table = fixers_by_code()
    wanted = [d for d in diagnostics if d.fix is None and d.node is not None and d.code in table]
    if not wanted:
        return []
    tools = FileFixTools(ctx)
    instances: dict[type[Fixer], Fixer] = {}
    errors: list[str] = []
    for diagnostic in wanted:
        tools.hint_line = diagnostic.line
        for fixer_cls in table[diagnostic.code]:
            tools.pending_imports.clear()
            try:
                fixer = instances.get(fixer_cls)
                if fixer is None:
                    fixer = instances[fixer_cls] = fixer_cls(ctx, tools)
                replacements = fixer.fix(diagnostic)
                imports = list(tools.pending_imports)
                edits = edits_for(tools, replacements) if replacements else None
            except (RecursionError, cst.ParserSyntaxError):
                # Code the fixer built does not parse (an expression's lines taken out of its
                # parentheses): no fix, as where the fixer declines; never a half edit.
                edits = None
            except Exception as exc:  # one fixer's bug must not stop linting
                errors.append(
                    f"internal error in fixer {fixer_cls.__name__} for {diagnostic.code}: {type(exc).__name__}: {exc}"
                )
                edits = None
            if edits:
                imported = {b.module.split(".")[0] for b in tools.bindings().values()}
                diagnostic.fix = _fix_with_imports(fixer_cls, edits, imports, imported)
                break
    return errors


# Modules whose import costs nothing and cannot fail: a safe fix may add them.
_FREE_IMPORTS = frozenset(
    getattr(sys, "stdlib_module_names", ("typing", "math", "functools", "warnings", "numbers"))
)


def _fix_with_imports(
    fixer_cls: type[Fixer], edits: tuple[Edit, ...], imports: list[str], imported: set[str]
) -> Fix:
    """The fixer's fix; unsafe when it imports, at module level, a package outside the standard
    library that the file does not import there (``torch`` where a module imports it only under
    ``TYPE_CHECKING`` or inside functions): importing the file would then load that package,
    and fail where it is not installed. ``imported``: the top-level packages the file imports."""
    added = {line.split()[1] for line in imports}
    costly = sorted(m for m in added if m.split(".")[0] not in _FREE_IMPORTS | imported)
    if fixer_cls.applicability != "safe" or not costly:
        return Fix(fixer_cls.applicability, fixer_cls.message, edits)
    note = ", ".join(f"`import {m}`" for m in costly)
    return Fix(
        "unsafe",
        f"{fixer_cls.message} (adds {note} at module level: importing this file then loads it)",
        edits,
    )


# -- applying edits ------------------------------------------------------------------------------
def _edit_span(starts: list[int], edit: Edit) -> tuple[int, int]:
    return (
        _position_to_offset(starts, edit.line, edit.column),
        _position_to_offset(starts, edit.end_line, edit.end_column),
    )


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    if a[0] == a[1] or b[0] == b[1]:
        # An insertion conflicts only with a replacement that strictly contains its point.
        point, other = (a, b) if a[0] == a[1] else (b, a)
        return other[0] < point[0] < other[1]
    return a[0] < b[1] and b[0] < a[1]


def select_fixes(text: str, fixes: Sequence[Fix]) -> tuple[list[Fix], list[Fix]]:
    """Split ``fixes`` into ones that apply together (no overlapping edits) and ones for a later round.

    An edit identical to one already taken (the same import added by two fixes) is shared.
    """
    starts = line_starts(text)
    taken_spans: list[tuple[tuple[int, int], Edit]] = []
    chosen: list[Fix] = []
    later: list[Fix] = []
    ordered = sorted(fixes, key=lambda f: min(_edit_span(starts, e) for e in f.edits))
    for fix in ordered:
        spans = [(_edit_span(starts, e), e) for e in fix.edits]
        clash = any(
            _overlaps(span, other) and not (span == other and edit.content == other_edit.content)
            for span, edit in spans
            for other, other_edit in taken_spans
        )
        if clash:
            later.append(fix)
            continue
        chosen.append(fix)
        taken_spans.extend(spans)
    return chosen, later


def apply_fixes(text: str, fixes: Sequence[Fix]) -> str:
    """Apply non-overlapping fixes (see :func:`select_fixes`) to ``text``."""
    starts = line_starts(text)
    unique: dict[tuple[int, int, str], None] = {}
    for fix in fixes:
        for edit in fix.edits:
            start, end = _edit_span(starts, edit)
            unique[(start, end, edit.content)] = None
    pieces = []
    position = 0
    for start, end, content in sorted(unique, key=lambda e: (e[0], e[1])):
        pieces.append(text[position:start])
        pieces.append(content)
        position = max(position, end)
    pieces.append(text[position:])
    return "".join(pieces)


def compiles(text: str, path: str) -> Optional[str]:
    """None when ``text`` compiles with CPython and parses with libcst, else the reason.

    CPython first, then libcst through ``source.parse``, which refuses nesting deep enough to
    overflow the stack of libcst's native parser (that crashes the process, it does not raise)."""
    return _compiled_tree(text, path)[0]


def _compiled_tree(text: str, path: str) -> tuple[Optional[str], Optional[cst.Module]]:
    """:func:`compiles`' verdict, and the libcst tree it parsed (None when it does not)."""
    problem = _python_compile_error(text, path)
    if problem is not None:
        return problem, None
    from torchlint.lint.parser import parse
    from torchlint.lint.source import Source, SourceError

    try:
        # Guarded (parser.MAX_BOOLEAN_OPERANDS); CPython compiled it, so ast need not say so.
        return None, parse(Source(path=path, text=text), python_valid=True)
    except SourceError as exc:
        return f"does not parse: {exc.message}", None
    except Exception as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return f"does not parse: {reason}", None


def _python_compile_error(text: str, path: str) -> Optional[str]:
    """None when CPython compiles ``text``, else the reason."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarnings of the user's code are not ours
            compile(text, path, "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as exc:
        return f"does not compile: {exc}"
    except (RecursionError, MemoryError):  # MemoryError: "too complex" from Python's parser
        return "does not compile: too deeply nested"
    return None


@dataclass
class AppliedFix:
    code: str
    line: int
    message: str
    applicability: Applicability
    column: int = 1


@dataclass
class DroppedFix:
    code: str
    line: int
    message: str
    reason: str


@dataclass
class FixOutcome:
    """What :func:`fix_text` did to one file's text."""

    path: str
    original: str
    text: str
    applied: list[AppliedFix] = field(default_factory=list)
    dropped: list[DroppedFix] = field(default_factory=list)
    rounds: int = 0
    converged: bool = True
    result: Optional[FileResult] = None  # the lint of the final text: what is left

    @property
    def changed(self) -> bool:
        return self.text != self.original


def fix_key(text: str, diagnostic: Diagnostic) -> tuple[str, tuple[tuple[str, str], ...]]:
    """Identity of a fix independent of line shifts: the code, replaced texts and new texts."""
    starts = line_starts(text)
    assert diagnostic.fix is not None
    parts = []
    for edit in diagnostic.fix.edits:
        start, end = _edit_span(starts, edit)
        parts.append((text[start:end], edit.content))
    return diagnostic.code, tuple(parts)


def _sited_key(text: str, diagnostic: Diagnostic) -> tuple[str, str]:
    """A finding's code and the text of its line: the fix of that finding, apart from fixes
    whose edits read the same (one annotation added to two parameters) and whatever edits it
    shares with others (an import added once)."""
    lines = text.splitlines()
    line = lines[diagnostic.line - 1].strip() if 0 < diagnostic.line <= len(lines) else ""
    return diagnostic.code, line


def fix_text(
    path: str,
    text: str,
    settings: Optional[Settings] = None,
    *,
    unsafe: Optional[bool] = None,
    index: Optional[ProjectIndex] = None,
    rules: Optional[Sequence[type[Rule]]] = None,
    max_rounds: int = MAX_ROUNDS,
    first: Optional[FileResult] = None,
) -> FixOutcome:
    """Lint, apply the fixes that apply together, check the result compiles, and repeat until
    nothing changes. Unsafe fixes only when ``unsafe`` (default: ``settings.unsafe_fixes``).

    ``first``: a lint of exactly ``text`` made already (``torchlint fix`` takes check's), whose
    fixes the first round applies without linting again; its parse stands for libcst's half of
    the check that ``text`` compiles."""
    # Imported here: the engine imports this module to attach fixes.
    from torchlint.lint.engine import lint_text
    from torchlint.lint.settings import Settings

    settings = settings or Settings()
    allow_unsafe = settings.unsafe_fixes if unsafe is None else unsafe
    outcome = FixOutcome(path=path, original=text, text=text)
    blocked: set[tuple[str, tuple[tuple[str, str], ...]]] = set()
    parsed = first is not None and not first.errors
    if (_python_compile_error(text, path) if parsed else compiles(text, path)) is not None:
        # Never touch a file that does not compile already: nothing could be checked.
        outcome.result = first or lint_text(path, text, settings=settings, index=index, rules=rules)
        return outcome
    tree: Optional[cst.Module] = None  # of ``text``, when the compile check parsed it
    original_codes: Optional[set[str]] = None
    blocked_here: set[tuple[str, str]] = set()  # fixes undone for the code they brought
    # The last round's text before its fixes, and the fixes with their findings: a round whose
    # result brings a code the file did not have is undone, and its culprits blocked.
    last_round: Optional[tuple[str, list[tuple[Fix, Diagnostic]], int]] = None
    for _ in range(max_rounds + 1):
        if first is not None:
            result, first = first, None
        else:
            result = lint_text(
                path, text, settings=settings, index=index, rules=rules, module=tree, revision=True
            )
        if original_codes is None:
            original_codes = {d.code for d in result.diagnostics}
        elif last_round is not None and {d.code for d in result.diagnostics} - original_codes:
            # A code the file did not have: kept only when the fixes of those new findings
            # clear it at once (`float(np.mean(a.numpy()))` -> `float(torch.mean(a))`, whose
            # `float()` of a tensor TL102's fix then keeps a tensor); otherwise undone.
            settled = _settle(
                path, text, result, original_codes, allow_unsafe, settings, index, rules
            )
            if settled is not None:
                text, result, followed = settled
                outcome.applied.extend(followed)
            else:
                text, result = _undo_round(
                    path, last_round, original_codes, blocked_here, outcome, settings, index, rules
                )
            tree = None
        last_round = None
        outcome.result = result
        candidates = [
            d
            for d in result.diagnostics
            if d.fix is not None
            and (allow_unsafe or d.fix.applicability == "safe")
            and fix_key(text, d) not in blocked
            and _sited_key(text, d) not in blocked_here
        ]
        if not candidates:
            break
        if outcome.rounds == max_rounds:
            outcome.converged = False
            break
        outcome.rounds += 1
        by_fix = {id(d.fix): d for d in candidates}
        chosen, _later = select_fixes(text, [d.fix for d in candidates if d.fix is not None])
        new_text = apply_fixes(text, chosen)
        problem, new_tree = _compiled_tree(new_text, path)
        if problem is not None:
            new_tree = None
            # Find the fixes that break the file alone, drop them, and keep the rest for next round.
            for fix in chosen:
                diagnostic = by_fix[id(fix)]
                alone = compiles(apply_fixes(text, [fix]), path)
                if alone is not None:
                    blocked.add(fix_key(text, diagnostic))
                    outcome.dropped.append(
                        DroppedFix(diagnostic.code, diagnostic.line, fix.message, alone)
                    )
            good = [f for f in chosen if fix_key(text, by_fix[id(f)]) not in blocked]
            new_text = apply_fixes(text, good[:1]) if good else text
            chosen = good[:1]
            if compiles(new_text, path) is not None:
                new_text, chosen = text, []
        if new_text == text:
            for fix in chosen:
                blocked.add(fix_key(text, by_fix[id(fix)]))
            if not chosen and not problem:
                break
            continue
        applied_before = len(outcome.applied)
        for fix in chosen:
            diagnostic = by_fix[id(fix)]
            outcome.applied.append(
                AppliedFix(
                    diagnostic.code,
                    diagnostic.line,
                    fix.message,
                    fix.applicability,
                    diagnostic.column,
                )
            )
        last_round = (text, [(fix, by_fix[id(fix)]) for fix in chosen], applied_before)
        text, tree = new_text, new_tree
    outcome.text = text
    return outcome


def _settle(
    path: str,
    text: str,
    result: FileResult,
    original_codes: set[str],
    allow_unsafe: bool,
    settings: Settings,
    index: Optional[ProjectIndex],
    rules: Optional[Sequence[type[Rule]]],
) -> Optional[tuple[str, FileResult, list[AppliedFix]]]:
    """The text after the fixes of the findings whose codes the file did not have, when
    those fixes apply together, the result compiles and has no such code left; else None."""
    from torchlint.lint.engine import lint_text

    new = [d for d in result.diagnostics if d.code not in original_codes]
    fixes = [
        d.fix for d in new if d.fix is not None and (allow_unsafe or d.fix.applicability == "safe")
    ]
    if len(fixes) != len(new):
        return None
    chosen, later = select_fixes(text, fixes)
    if later:
        return None
    settled = apply_fixes(text, chosen)
    if compiles(settled, path) is not None:
        return None
    after = lint_text(path, settled, settings=settings, index=index, rules=rules, revision=True)
    if {d.code for d in after.diagnostics} - original_codes:
        return None
    applied = [
        AppliedFix(d.code, d.line, d.fix.message, d.fix.applicability, d.column)
        for d in new
        if d.fix is not None
    ]
    return settled, after, applied


def _undo_round(
    path: str,
    last_round: tuple[str, list[tuple[Fix, Diagnostic]], int],
    original_codes: set[str],
    blocked: set[tuple[str, str]],
    outcome: FixOutcome,
    settings: Settings,
    index: Optional[ProjectIndex],
    rules: Optional[Sequence[type[Rule]]],
) -> tuple[str, FileResult]:
    """Undo a round that brought a finding code the file did not have: each of its fixes that
    brings one alone is blocked (and reported as dropped); the next round applies the rest.
    Returns the text before the round and its lint."""
    from torchlint.lint.engine import lint_text

    before, fixes, applied_before = last_round
    del outcome.applied[applied_before:]

    def drop(fix: Fix, diagnostic: Diagnostic, reason: str) -> None:
        blocked.add(_sited_key(before, diagnostic))
        outcome.dropped.append(DroppedFix(diagnostic.code, diagnostic.line, fix.message, reason))

    blocked_before = len(blocked)
    for fix, diagnostic in fixes:
        alone = lint_text(
            path,
            apply_fixes(before, [fix]),
            settings=settings,
            index=index,
            rules=rules,
            revision=True,
        )
        new = sorted({d.code for d in alone.diagnostics} - original_codes)
        if new:
            drop(fix, diagnostic, f"it would bring a new finding ({', '.join(new)})")
    if len(blocked) == blocked_before:  # only together they bring one: none is applied
        for fix, diagnostic in fixes:
            drop(fix, diagnostic, "with the other fixes of its round it would bring a new finding")
    return before, lint_text(
        path, before, settings=settings, index=index, rules=rules, revision=True
    )
