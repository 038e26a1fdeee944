"""TL204: an ``import`` statement inside scripted code -> the same import at module level.

``def forward(self, x):  import math; ...`` -> ``import math`` among the module's imports and
the local statement gone. TorchScript's frontend rejects every import statement of a function
it compiles, also in a branch an ``is_scripting()`` guard keeps from script (torch 2.13:
UnsupportedNodeError: import statements aren't supported); a module it finds as a global
(``math``, ``torch.nn.functional``) or a function imported at module level is what it compiles.

Only for a statement alone on its line, binding names (``import a.b``, ``import a as b``,
``from a import b as c``; no relative or ``*`` import) that the module binds nowhere else at its
top level unless by the very same import, that the function binds nowhere else (its own
assignments, loops, other imports), and that no other function of the module binds by an
import of its own or names in a ``global`` statement. A statement that was its block's only one
leaves ``pass``.

Safe for a module of the standard library or ``torch`` (the file imports torch already): the
names mean the same module or object in the function, which reads them after the statement ran
before; the only change is that the import runs once when the file is imported instead of on
the first call. Unsafe for any other package: an import that can fail (a package not
installed, an optional dependency imported where it is used) now fails when the file is
imported, and its side effects move there.
"""

from __future__ import annotations

from typing import Optional, Union

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments
from torchlint.lint.library_source import stdlib_module_names
from torchlint.lint.walk import walk

ImportNode = Union[cst.Import, cst.ImportFrom]
SAFE_TOPS = stdlib_module_names() | {"torch"}


def _dotted(node: cst.BaseExpression) -> str:
    return cst.Module([]).code_for_node(node)


def _bound(node: ImportNode) -> Optional[list[tuple[str, str]]]:
    """(local name, the import line that binds it at module level) for each name ``node``
    binds, or None for a relative / ``*`` import."""
    if isinstance(node, cst.Import):
        found = []
        for alias in node.names:
            dotted = _dotted(alias.name)
            if alias.asname is not None:
                found.append(
                    (_dotted(alias.asname.name), f"import {dotted} as {_dotted(alias.asname.name)}")
                )
            else:
                found.append((dotted.split(".")[0], f"import {dotted}"))
        return found
    if node.relative or node.module is None or isinstance(node.names, cst.ImportStar):
        return None
    module = _dotted(node.module)
    found = []
    for alias in node.names:
        name = _dotted(alias.name)
        if alias.asname is not None:
            local = _dotted(alias.asname.name)
            found.append((local, f"from {module} import {name} as {local}"))
        else:
            found.append((name, f"from {module} import {name}"))
    return found


def _top(node: ImportNode) -> str:
    """The top package the statement imports from ("" for a relative import)."""
    if isinstance(node, cst.Import):
        return _dotted(node.names[0].name).split(".")[0]
    if node.relative or node.module is None:
        return ""
    return _dotted(node.module).split(".")[0]


def _module_level_lines(module: cst.Module) -> tuple[dict[str, list[str]], set[str]]:
    """Per name the module's top level binds by an import, the normalised import lines; and
    the names it binds otherwise (assignments, ``def``, ``class``, ``for``, ``with``)."""
    imports: dict[str, list[str]] = {}
    others: set[str] = set()
    for stmt in module.body:
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            others.add(stmt.name.value)
        elif isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, (cst.Import, cst.ImportFrom)):
                    for local, line in _bound(small) or []:
                        imports.setdefault(local, []).append(line)
                    if _bound(small) is None:
                        others.add("*")
                elif isinstance(small, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
                    targets = (
                        [t.target for t in small.targets]
                        if isinstance(small, cst.Assign)
                        else [small.target]
                    )
                    for target in targets:
                        for name in _names(target):
                            others.add(name)
        else:
            for name in _all_names(stmt):
                others.add(name)
    return imports, others


def _names(target: cst.CSTNode) -> list[str]:
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _names(e.value)]
    return []


def _all_names(stmt: cst.CSTNode) -> set[str]:
    """Names a compound top-level statement may bind (any Name in it, to be sure)."""
    found: set[str] = set()

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) is cst.Name:
            found.add(node.value)  # type: ignore[attr-defined]
        return None

    walk(stmt, enter, lambda node: None)
    return found


def _function_imports(function: cst.CSTNode) -> list[ImportNode]:
    found: list[ImportNode] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) in (cst.Import, cst.ImportFrom):
            found.append(node)  # type: ignore[arg-type]
        elif type(node) in (cst.FunctionDef, cst.ClassDef, cst.Lambda) and node is not function:
            return False
        return None

    walk(function, enter, lambda node: None)
    return found


def _globals(module: cst.Module) -> set[str]:
    found: set[str] = set()

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) is cst.Global:
            found.update(n.name.value for n in node.names)  # type: ignore[attr-defined]
        return None

    walk(module, enter, lambda node: None)
    return found


class _LocalImportToModule(Fixer):
    # `codes` is set by the two fixers below (a class without it is no registered fixer).
    message = "import at module level: TorchScript compiles no import statement"
    safe_only = True

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, (cst.Import, cst.ImportFrom)):
            return None
        bound = _bound(node)
        if not bound or (_top(node) in SAFE_TOPS) != self.safe_only:
            return None
        line = self.parent(node)
        block = self.parent(line) if line is not None else None
        function = self.enclosing_function(node)
        if (
            not bound
            or not isinstance(line, cst.SimpleStatementLine)
            or len(line.body) != 1
            or not isinstance(block, cst.IndentedBlock)
            or function is None
        ):
            return None
        module = self.ctx.module
        imports, others = _module_level_lines(module)
        if "*" in others:
            return None
        # Every function (this one and the others) and the names each binds by an import.
        other_imports: list[ImportNode] = []

        def enter(found: cst.CSTNode) -> Optional[bool]:
            if type(found) is cst.FunctionDef:
                for imp in _function_imports(found):
                    other_imports.append(imp)
            return None

        walk(module, enter, lambda found: None)
        global_names = _globals(module)
        new_lines = []
        for local, text in bound:
            if local in others or local in global_names or assignments(function, local):
                return None
            if any(text != existing for existing in imports.get(local, [])):
                return None
            for imp in other_imports:
                if imp is node:
                    continue
                if any(name == local for name, _ in _bound(imp) or [("*", "")]):
                    return None
            if local not in imports:
                new_lines.append(text)
        self.tools.pending_imports.extend(new_lines)
        if len(block.body) == 1:
            return [(line, cst.SimpleStatementLine([cst.Pass()]))]
        replacements: list[Replacement] = [(line, cst.RemovalSentinel.REMOVE)]
        at = next(i for i, stmt in enumerate(block.body) if stmt is line)
        if at == 0 and block.body[1].leading_lines:
            # The blank line that set the import apart goes with it.
            after = block.body[1]
            replacements.append((after, after.with_changes(leading_lines=())))
        return replacements


class LocalImportToModule(_LocalImportToModule):
    codes = ("TL204",)
    applicability = "safe"
    safe_only = True


class LocalPackageImportToModule(_LocalImportToModule):
    codes = ("TL204",)
    applicability = "unsafe"
    safe_only = False
