"""What TorchScript's frontend makes of an installed library's Python function that scripted
code calls: its source, read from site-packages without importing anything (a `def` found by
following `from X import name` re-exports), and what in it TorchScript rejects."""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib.util
import os
import pkgutil
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Optional

from torchlint.lint.torchscript_tables import torchscript_table

# The prefix of a lint result's dependency on an installed module's source (lint/cache.py):
# a cached result is stale once that module is installed, upgraded or removed.
LIBRARY_DEPENDENCY = "library:"

# The modules whose installed source the analysis under ``recording_library_reads`` asked for.
_reads: Optional[set[str]] = None


@functools.cache
def stdlib_module_names() -> frozenset[str]:
    """The standard library's top-level module names: ``sys.stdlib_module_names`` (Python
    3.10+), or on 3.9 the built-in modules and those in the interpreter's stdlib folders."""
    names = getattr(sys, "stdlib_module_names", None)
    if names is not None:
        return frozenset(names)
    paths = sysconfig.get_paths()
    folders = [paths["stdlib"], str(Path(paths["stdlib"]) / "lib-dynload")]
    found = {module.name for module in pkgutil.iter_modules(folders)}
    return frozenset(found | set(sys.builtin_module_names))


# torch namespaces whose functions TorchScript may bind to operators (`torch.jit._builtins`:
# torch, torch.nn.functional, linalg, fft, special, nn.init, autograd, ...) or that other checks
# name: their Python source says nothing of what a call compiles to there.
BOUND_TORCH_NAMESPACES = frozenset(
    {
        "torch", "torch.nn.functional", "torch.functional", "torch.linalg", "torch.fft",
        "torch.special", "torch.nn.init", "torch.autograd", "torch.jit", "torch._jit_internal",
        "torch.cuda", "torch.distributions", "torch.distributed", "torch.nn", "torch.sparse",
        "torch.nested", "torch.masked", "torch.random", "torch.serialization", "torch.overrides",
    }
)  # fmt: skip


@functools.cache
def _package_file(module: str) -> Optional[Path]:
    """The source file of installed ``module`` (a package's ``__init__.py``), found from its top
    package's location without importing anything; None for a module not in site-packages."""
    top, *rest = module.split(".")
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    root = Path(next(iter(spec.submodule_search_locations)))
    if not any(part in ("site-packages", "dist-packages") for part in root.parts):
        return None  # the project's own code, or a checkout: the index reads it
    base = root.joinpath(*rest)
    for candidate in (base / "__init__.py", base.with_suffix(".py")):
        if candidate.is_file():
            return candidate
    return None


@functools.lru_cache(maxsize=256)
def _parsed(path: Path, stamp: str) -> Optional[ast.Module]:
    """The module at ``path``, parsed once for each ``stamp`` (``library_stamp``) it has."""
    try:
        return ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError, UnicodeDecodeError):
        return None


@contextlib.contextmanager
def recording_library_reads() -> Iterator[set[str]]:
    """The installed modules whose source ``library_source_problem`` consults inside the block
    (also when its answer was cached), for the lint cache's dependencies."""
    global _reads
    outer, _reads = _reads, set()
    try:
        yield _reads
    finally:
        _reads = outer


def library_stamp(module: str) -> str:
    """What a lint result depending on installed ``module``'s source was made from: its file,
    size and modification time; empty when it is not installed."""
    path = _package_file(module)
    try:
        info = os.stat(path) if path is not None else None
    except OSError:
        info = None
    return f"{path}:{info.st_size}:{info.st_mtime_ns}" if info is not None else ""


def _library_function(
    module: str, name: str, read: list[str], depth: int = 0
) -> Optional[ast.FunctionDef]:
    """The top-level ``def name`` of installed ``module``, following ``from X import name``
    re-exports (relative or absolute) a few levels; None when it is no plain function there.
    The modules consulted are added to ``read``."""
    read.append(module)
    path = _package_file(module)
    tree = _parsed(path, library_stamp(module)) if path is not None else None
    if tree is None or depth > 3:
        return None
    found: Optional[ast.FunctionDef] = None
    for stmt in tree.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == name:
            found = stmt
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AsyncFunctionDef, ast.ClassDef)):
            targets = (
                stmt.targets if isinstance(stmt, ast.Assign) else [getattr(stmt, "target", stmt)]
            )
            names = {getattr(t, "id", getattr(t, "name", None)) for t in targets}
            if name in names or getattr(stmt, "name", None) == name:
                found = None  # rebound: not the def
        elif isinstance(stmt, ast.ImportFrom) and any(
            (alias.asname or alias.name) == name for alias in stmt.names
        ):
            alias = next(a for a in stmt.names if (a.asname or a.name) == name)
            source = _import_source(module, path, stmt)
            found = _library_function(source, alias.name, read, depth + 1) if source else None
    return found


def library_python_function(qualified: str) -> bool:
    """Whether installed ``qualified`` (``torch.nn.functional.hardtanh``) is a Python ``def``,
    not a C builtin bound to a name (``torch.softmax``, ``F.gelu``: ``gelu = _add_docstr(...)``)."""
    return bool(_current(_library_python_function, qualified))


@functools.cache
def _library_python_function(qualified: str) -> tuple[bool, tuple[str, ...], tuple[str, ...]]:
    """``library_python_function``, with the modules whose installed source it read (for the
    lint cache, which re-lints a file when one of them changes) and their stamps."""
    module, _, name = qualified.rpartition(".")
    read: list[str] = []
    found = bool(module) and _library_function(module, name, read) is not None
    return found, tuple(read), tuple(library_stamp(module) for module in read)


def _import_bindings(stmt: ast.Import) -> dict[str, str]:
    """local name -> module for an ``import`` statement (``import a.b`` binds ``a``)."""
    bindings: dict[str, str] = {}
    for alias in stmt.names:
        if alias.asname:
            bindings[alias.asname] = alias.name
        else:
            head = alias.name.split(".")[0]
            bindings[head] = head
    return bindings


def _import_source(module: str, path: Path, stmt: ast.ImportFrom) -> str:
    """The dotted module a ``from X import ...`` in installed ``module`` (at ``path``) reads,
    relative imports resolved against its package."""
    if not stmt.level:
        return stmt.module or ""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for _ in range(stmt.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{stmt.module}" if stmt.module else package


def _current(cached: Any, qualified: str) -> Any:
    """What ``cached(qualified)`` found, read again when a module it read has changed since
    (the language server), the modules it read recorded for the cache."""
    found, read, stamps = cached(qualified)
    if stamps != tuple(library_stamp(module) for module in read):
        cached.cache_clear()
        found, read, stamps = cached(qualified)
    if _reads is not None:
        _reads.update(read)
    return found


def library_alias(qualified: str) -> Optional[str]:
    """The dotted name an installed library's public name is an alias of, where a module
    binds it to another module's function by attribute (``default_collate:
    _collate_fn_t = _utils.collate.default_collate`` in ``torch.utils.data.dataloader``,
    re-exported by ``torch.utils.data``), following ``from X import name`` re-exports a few
    levels; None where it is no such alias. Read from site-packages without importing."""
    return _current(_library_alias, qualified)


@functools.cache
def _library_alias(qualified: str) -> tuple[Optional[str], tuple[str, ...], tuple[str, ...]]:
    """``library_alias``, with the modules whose installed source it read and their stamps."""
    read: list[str] = []
    found = _alias_target(qualified, read, 0)
    return found, tuple(read), tuple(library_stamp(module) for module in read)


def _alias_target(qualified: str, read: list[str], depth: int) -> Optional[str]:
    module, _, name = qualified.rpartition(".")
    path = _package_file(module) if module and depth <= 3 else None
    if path is None:
        return None
    read.append(module)
    tree = _parsed(path, library_stamp(module))
    if tree is None:
        return None
    imported: dict[str, str] = {}  # local name -> dotted name it stands for
    found: Optional[str] = None
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom):
            source = _import_source(module, path, stmt)
            for alias in stmt.names:
                local = alias.asname or alias.name
                imported[local] = f"{source}.{alias.name}" if source else alias.name
                if local == name and source:
                    found = _alias_target(f"{source}.{alias.name}", read, depth + 1)
        elif isinstance(stmt, ast.Import):
            imported.update(_import_bindings(stmt))
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            if not any(isinstance(t, ast.Name) and t.id == name for t in targets):
                continue
            value = stmt.value
            parts: list[str] = []
            while isinstance(value, ast.Attribute):
                parts.append(value.attr)
                value = value.value
            if isinstance(value, ast.Name) and value.id in imported and parts:
                found = ".".join([imported[value.id], *reversed(parts)])
            else:
                found = None
    return found


def library_source_problem(qualified: str) -> Optional[str]:
    """What TorchScript's frontend rejects in the source of an installed library's Python
    function that it compiles when scripted code calls it (it binds no operator to it): an
    import statement (`torch.onnx.is_in_onnx_export`), `*args` / `**kwargs` or keyword-only
    parameters (`einops.rearrange(tensor, pattern, **axes_lengths)`), a read of a module-level
    name bound only to a bool, int, float or str literal (`torch.fx`'s `is_fx_tracing` reads
    `_is_fx_tracing_flag`), or a call, outside an ``if`` body, of another library function
    with one of these, compiled in turn (`i6_models`' `compat.logical_not` calls
    `torch.onnx.is_in_onnx_export()`). None otherwise, for a function TorchScript binds an
    operator to
    (the table's `python_functions_bound`), and for
    a decorated function (an `@torch.jit.ignore` or a wrapper decides what it is)."""
    return _current(_library_source_problem, qualified)


@functools.cache
def _library_source_problem(
    qualified: str,
) -> tuple[Optional[str], tuple[str, ...], tuple[str, ...]]:
    """``library_source_problem``, with the modules whose installed source it read and their
    stamps."""
    read: list[str] = []
    problem = _source_problem(qualified, read)
    return problem, tuple(read), tuple(library_stamp(module) for module in read)


def _source_problem(qualified: str, read: list[str], depth: int = 0) -> Optional[str]:
    module, _, name = qualified.rpartition(".")
    if not module or name.startswith("__"):
        return None
    top = module.split(".")[0]
    if top in stdlib_module_names() or top == "builtins":
        return None
    if module in BOUND_TORCH_NAMESPACES:
        # TorchScript binds most of these or compiles their source cleanly; what it rejects
        # there is a newer function's comprehension `if` (F.gaussian_nll_loss, torch 2.13).
        if qualified in torchscript_table().get("python_functions_bound", ()):
            return None
        function = _library_function(module, name, read)
        if function is None or function.decorator_list:
            return None
        return _comprehension_if(qualified, function, [])
    if top == "torch" and module.split(".")[1:2] in (
        ["_C"],
        ["ops"],
        ["_ops"],
        ["_refs"],
        ["_prims"],
    ):
        return None
    if qualified in torchscript_table().get("python_functions_bound", ()):
        return None  # TorchScript binds an operator to it (torch.jit._builtins)
    function = _library_function(module, name, read)
    if function is None or not all(_transparent(d) for d in function.decorator_list):
        return None
    args = function.args
    if args.vararg is not None or args.kwarg is not None or args.kwonlyargs:
        if args.vararg is not None:
            what = f"takes `*{args.vararg.arg}`"
        elif args.kwarg is not None:
            what = f"takes `**{args.kwarg.arg}`"
        else:
            what = f"has the keyword-only parameter `{args.kwonlyargs[0].arg}`"
        return (
            f"`{qualified}` (TorchScript compiles it from its Python source, which {what}: "
            "Compiled functions can't take variable number of arguments or use keyword-only "
            "arguments with defaults)"
        )
    for node in ast.walk(function):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            return (
                f"`{qualified}` (TorchScript compiles it from its Python source, which has an "
                f"import statement (line {node.lineno} of its module): import statements "
                "aren't supported)"
            )
    nested = [n for n in ast.walk(function) if isinstance(n, REJECTED_SYNTAX) and n is not function]
    if any(isinstance(n, (ast.FunctionDef, ast.ClassDef)) for n in nested):
        first = min(
            (n for n in nested if isinstance(n, (ast.FunctionDef, ast.ClassDef))),
            key=lambda n: n.lineno,
        )
        what = "function" if isinstance(first, ast.FunctionDef) else "class"
        return (
            f"`{qualified}` (TorchScript compiles it from its Python source, which has a nested "
            f"{what} definition (line {first.lineno} of its module): {what} definitions "
            "aren't supported)"
        )
    filtered = _comprehension_if(qualified, function, nested)
    if filtered is not None:
        return filtered
    if nested:
        return None  # other syntax the frontend rejects first, with its own message
    read_global = _global_constant_read(function, read)
    if read_global is not None:
        global_name, type_name, line = read_global
        return (
            f"`{qualified}` (TorchScript compiles it from its Python source, which reads the "
            f"module-level `{global_name}`, {'an' if type_name == 'int' else 'a'} {type_name} "
            f"(line {line} of its module): "
            f"TorchScript takes no Python global as a value, python value of type "
            f"'{type_name}' cannot be used as a value)"
        )
    # The signature's types are resolved after the body is converted: a typing constructor
    # TorchScript has no type for (`tensors: Sequence[Tensor]`) fails then.
    unsupported = set(torchscript_table().get("annotations", {}).get("unsupported", ()))
    parameters = [*args.posonlyargs, *args.args]
    for annotation in [p.annotation for p in parameters] + [function.returns]:
        for node in ast.walk(annotation) if annotation is not None else ():
            base = node.value if isinstance(node, ast.Subscript) else None
            spelled = getattr(base, "id", None) or getattr(base, "attr", None)
            if spelled in unsupported:
                return (
                    f"`{qualified}` (TorchScript compiles it from its Python source, whose "
                    f"signature is annotated with `{spelled}[...]`, a type it does not know: "
                    f"Unknown type constructor {spelled})"
                )
    # A function it calls is compiled from its source in turn, when the call is converted
    # (`i6_models`' `compat.logical_not` calls `torch.onnx.is_in_onnx_export()`); only behind
    # a signature of plain types (a class named there is compiled first).
    called = _called_problem(function, read, depth) if depth < 2 else None
    if called is not None and _plain_signature(function):
        line, problem = called
        return (
            f"`{qualified}` (TorchScript compiles it from its Python source, which calls, on "
            f"line {line} of its module, {problem})"
        )
    return None


# Names a signature may spell that TorchScript types without compiling anything first.
PLAIN_ANNOTATION_NAMES = frozenset(
    {"int", "float", "bool", "str", "None", "Tensor", "torch", "typing", "List", "Tuple",
     "Dict", "Optional", "Union", "list", "tuple", "dict", "Any"}
)  # fmt: skip


def _plain_signature(function: ast.FunctionDef) -> bool:
    """Whether every annotation of ``function`` spells only plain types (``torch.Tensor``,
    ``Optional[int]``, ``List[Tensor]``): no string, no class of its own."""
    args = function.args
    annotations = [a.annotation for a in (*args.posonlyargs, *args.args)] + [function.returns]
    for annotation in annotations:
        for node in ast.walk(annotation) if annotation is not None else ():
            if isinstance(node, ast.Constant) and node.value is not None:
                return False
            if isinstance(node, ast.Name) and node.id not in PLAIN_ANNOTATION_NAMES:
                return False
            if isinstance(node, ast.Attribute) and node.attr not in PLAIN_ANNOTATION_NAMES:
                return False
    return True


def _called_problem(
    function: ast.FunctionDef, read: list[str], depth: int
) -> Optional[tuple[int, str]]:
    """(line, problem) of the first call in ``function`` (outside the body of an ``if`` /
    ``while`` / if-expression, whose test TorchScript may fold, as ``torch.jit.is_scripting()``)
    of a library function whose own source TorchScript rejects: a name the module binds by an
    import or a top-level ``def`` (``torch.onnx.is_in_onnx_export``, ``helper``), not one the
    function binds itself."""
    found = _defining_module(function, read)
    if found is None:
        return None
    module, tree = found
    imported: dict[str, str] = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.Import):
            imported.update(_import_bindings(stmt))
        elif isinstance(stmt, ast.ImportFrom) and stmt.level == 0 and stmt.module:
            for alias in stmt.names:
                imported[alias.asname or alias.name] = f"{stmt.module}.{alias.name}"
        elif isinstance(stmt, ast.FunctionDef):
            imported.setdefault(stmt.name, f"{module}.{stmt.name}")
    local = {a.arg for a in (*function.args.posonlyargs, *function.args.args)}
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            local.add(node.id)
    calls: list[tuple[int, int, str]] = []

    def visit(node: ast.AST, guarded: bool) -> None:
        if isinstance(node, (ast.Raise, ast.Assert)):
            return  # an error message's calls: left alone
        if isinstance(node, ast.Call) and not guarded:
            spelled = _dotted(node.func)
            if spelled is not None:
                head, _, rest = spelled.partition(".")
                if head in imported and head not in local:
                    target = imported[head] + (f".{rest}" if rest else "")
                    calls.append((node.lineno, node.col_offset, target))
        for field, child in ast.iter_fields(node):
            for item in child if isinstance(child, list) else [child]:
                if isinstance(item, ast.AST):
                    inner = guarded or (
                        isinstance(node, (ast.If, ast.While, ast.IfExp)) and field != "test"
                    )
                    visit(item, inner)

    for statement in function.body:
        visit(statement, False)
    for line, _, target in sorted(calls):
        top = target.split(".")[0]
        if top in stdlib_module_names() and top not in COMPILED_STDLIB:
            return None  # `os.getenv(...)`: TorchScript may stop there first, on other grounds
        callee_module, _, callee_name = target.rpartition(".")
        callee = _library_function(callee_module, callee_name, read) if callee_module else None
        if callee is not None and not _plain_signature(callee):
            return None  # a class its signature names is compiled first
        problem = _source_problem(target, read, depth + 1)
        if problem is not None:
            return line, problem
    return None


# Standard-library modules whose calls TorchScript compiles (`math.sqrt`, `warnings.warn`).
COMPILED_STDLIB = frozenset({"math", "warnings", "typing"})


def _dotted(node: ast.expr) -> Optional[str]:
    """``a.b.c`` of a chain of attributes on a name; None for anything else."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([node.id, *reversed(parts)])


def _defining_module(
    function: ast.FunctionDef, read: list[str]
) -> Optional[tuple[str, ast.Module]]:
    """The module among ``read`` whose top level defines ``function``, and its tree."""
    for module in reversed(read):
        tree = _module_tree(module)
        if tree is not None and any(stmt is function for stmt in tree.body):
            return module, tree
    return None


def _global_constant_read(
    function: ast.FunctionDef, read: list[str]
) -> Optional[tuple[str, str, int]]:
    """(name, type, line) of a module-level name ``function`` reads that its module binds only
    by top-level assignments of a bool, int, float or str literal (``_is_fx_tracing_flag =
    False``, ``torch.fx``'s): TorchScript resolves it to the Python value and takes none as a
    value. Reads under an ``if`` / ``while`` / if-expression (a test TorchScript may fold, as
    ``torch.jit.is_scripting()``, may drop them) are left out, and so are names the function
    binds itself."""
    tree = next(
        (
            tree
            for module in reversed(read)
            for tree in [_module_tree(module)]
            if tree is not None and any(stmt is function for stmt in tree.body)
        ),
        None,
    )
    if tree is None:
        return None
    local = {a.arg for a in (*function.args.posonlyargs, *function.args.args)}
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            local.add(node.id)
    constants: dict[str, tuple[str, int]] = {}
    other: set[str] = set()
    for stmt in tree.body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            value = stmt.value
            if isinstance(value, ast.UnaryOp) and isinstance(value.op, (ast.USub, ast.UAdd)):
                value = value.operand
            kind = (
                type(value.value).__name__
                if isinstance(value, ast.Constant)
                and type(value.value) in (bool, int, float, str)
                and isinstance(stmt, ast.Assign)
                else None
            )
            for target in targets:
                names = [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]
                for name in names:
                    if kind is None or not isinstance(target, ast.Name):
                        other.add(name)
                    elif constants.get(name, (kind, 0))[0] != kind:
                        other.add(name)
                    else:
                        constants.setdefault(name, (kind, stmt.lineno))
        else:
            other.update(_module_level_bindings(stmt))
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST, guarded: bool) -> None:
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and not guarded:
            if node.id in constants and node.id not in other and node.id not in local:
                found.append((node.lineno, node.id))
        for field, child in ast.iter_fields(node):
            children = child if isinstance(child, list) else [child]
            for item in children:
                if isinstance(item, ast.AST):
                    inner = guarded or (
                        isinstance(node, (ast.If, ast.While, ast.IfExp)) and field != "test"
                    )
                    visit(item, inner)

    for statement in function.body:
        visit(statement, False)
    if not found:
        return None
    _, name = min(found)
    kind, line = constants[name]
    return name, kind, line


def _module_level_bindings(stmt: ast.stmt) -> set[str]:
    """The names a module-level statement other than a plain assignment binds at module level:
    a ``def`` / ``class`` name, an import, a target under a top-level ``if`` / ``try`` / loop /
    ``with`` (not inside a function or class body)."""
    names: set[str] = set()
    stack: list[ast.AST] = [stmt]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
            continue
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            names.add(node.id)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
        stack.extend(ast.iter_child_nodes(node))
    return names


def _module_tree(module: str) -> Optional[ast.Module]:
    path = _package_file(module)
    return _parsed(path, library_stamp(module)) if path is not None else None


def _comprehension_if(
    qualified: str, function: ast.FunctionDef, nested: list[ast.AST]
) -> Optional[str]:
    """The problem of a comprehension with an ``if`` in ``function``'s body, unless other
    syntax the frontend rejects (``nested``) comes first."""
    ifs = [n.ifs[0] for n in ast.walk(function) if isinstance(n, ast.comprehension) and n.ifs]
    if not ifs:
        return None
    first = min(ifs, key=lambda n: n.lineno)
    if any(getattr(n, "lineno", first.lineno) < first.lineno for n in nested):
        return None
    return (
        f"`{qualified}` (TorchScript compiles it from its Python source, which has a "
        f"comprehension with an `if` (line {first.lineno} of its module): Comprehension ifs "
        "are not supported yet)"
    )


def _transparent(decorator: ast.expr) -> bool:
    """A decorator that hands the function back unchanged: torch's ``@exposed_in("torch.func")``
    (it sets ``__module__``) and ``@_add_docstr(...)`` (torch.signal.windows: it sets
    ``__doc__``), through which TorchScript compiles the source as written."""
    func = decorator.func if isinstance(decorator, ast.Call) else decorator
    return (getattr(func, "id", None) or getattr(func, "attr", None)) in TRANSPARENT_DECORATORS


TRANSPARENT_DECORATORS = frozenset({"exposed_in", "_add_docstr"})
# Syntax TorchScript's frontend rejects while it converts a function's body (before the
# signature's types are resolved).
REJECTED_SYNTAX = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.Lambda,
    ast.Try,
    ast.Global,
    ast.Nonlocal,
    ast.Yield,
    ast.YieldFrom,
    ast.Await,
    ast.Set,
    ast.SetComp,
    ast.NamedExpr,
    # `match` statements: Python 3.10's (the linter itself runs on 3.9 too).
    *((ast.Match,) if sys.version_info >= (3, 10) else ()),
)


# The class every torch module derives from: what it binds is the module machinery
# (`training`, `_parameters`...), which TorchScript types from the instance.
_MODULE_ROOTS = frozenset({"torch.nn.Module", "torch.nn.modules.module.Module"})


def library_class_attributes(qualified: str) -> Optional[frozenset[str]]:
    """The names an installed library's module class binds, with its bases up to
    ``torch.nn.Module``: ``self.X`` stored in any of its methods, and names its class body binds
    (``__constants__``, methods). Read from site-packages without importing, following ``from
    X import name`` re-exports (and ``import *``) a few levels. None where the class, or a base
    of it, cannot be read, or a method stores through ``setattr`` / ``self.__dict__``."""
    return _current(_library_class_attributes, qualified)


@functools.cache
def _library_class_attributes(
    qualified: str,
) -> tuple[Optional[frozenset[str]], tuple[str, ...], tuple[str, ...]]:
    read: list[str] = []
    names: set[str] = set()
    ok = _class_names(qualified, read, names, 0)
    stamps = tuple(library_stamp(module) for module in read)
    return (frozenset(names) if ok else None), tuple(read), stamps


def _class_names(qualified: str, read: list[str], names: set[str], depth: int) -> bool:
    if qualified in _MODULE_ROOTS:
        return True
    found = _library_class(qualified, read, 0) if depth <= 8 else None
    if found is None:
        return False
    module, cls, bindings = found
    for stmt in cls.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(stmt.name)
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    for node in ast.walk(cls):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            if isinstance(node.value, ast.Name) and node.value.id == "self":
                names.add(node.attr)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("setattr", "delattr"):
                return False
        elif isinstance(node, ast.Attribute) and node.attr == "__dict__":
            return False
    for base in cls.bases:
        dotted = _dotted(base)
        if dotted is None:
            return False
        head, _, rest = dotted.partition(".")
        if head in bindings:
            target = bindings[head] + (f".{rest}" if rest else "")
        elif not rest:
            target = f"{module}.{head}"  # a class of the same module
        else:
            return False
        if target in ("object", "builtins.object"):
            continue
        if not _class_names(target, read, names, depth + 1):
            return False
    return True


def _library_class(
    qualified: str, read: list[str], depth: int
) -> Optional[tuple[str, ast.ClassDef, dict[str, str]]]:
    """The top-level ``class`` statement ``qualified`` names in an installed module, with that
    module's name and its import bindings (local name -> dotted name), following re-exports."""
    module, _, name = qualified.rpartition(".")
    path = _package_file(module) if module and depth <= 4 else None
    if path is None:
        return None
    read.append(module)
    tree = _parsed(path, library_stamp(module))
    if tree is None:
        return None
    bindings: dict[str, str] = {}
    found: Optional[tuple[str, ast.ClassDef, dict[str, str]]] = None
    stars: list[str] = []
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom):
            source = _import_source(module, path, stmt)
            for alias in stmt.names:
                if alias.name == "*":
                    stars.append(source)
                    continue
                bindings[alias.asname or alias.name] = (
                    f"{source}.{alias.name}" if source else alias.name
                )
        elif isinstance(stmt, ast.Import):
            for alias in stmt.names:
                bindings[alias.asname or alias.name.split(".")[0]] = (
                    alias.name if alias.asname else alias.name.split(".")[0]
                )
        elif isinstance(stmt, ast.ClassDef) and stmt.name == name:
            found = (module, stmt, bindings)
    if found is not None:
        return found[0], found[1], dict(bindings)
    if name in bindings and bindings[name] != qualified:
        return _library_class(bindings[name], read, depth + 1)
    for source in stars:
        inner = _library_class(f"{source}.{name}", read, depth + 1)
        if inner is not None:
            return inner
    return None


def library_plain_class(qualified: str) -> bool:
    """Whether ``qualified`` names a plain Python class of an installed library: its ``class``
    statement and each base's read from site-packages (without importing), none decorated
    or given a metaclass or other class keyword, the chain ending at ``object``. TorchScript
    converts an instance of such a class to no type (torch 2.13: failed to convert Python
    type: 'ncps.wirings.wirings.AutoNCP' to a TorchScript type). False where a class of the
    chain cannot be read, or derives from anything outside the library's readable classes
    (``nn.Module``, ``Enum``, ``NamedTuple``, a builtin)."""
    return bool(_current(_library_plain_class, qualified))


@functools.cache
def _library_plain_class(qualified: str) -> tuple[bool, tuple[str, ...], tuple[str, ...]]:
    read: list[str] = []
    plain = _plain_chain(qualified, read, 0)
    return plain, tuple(read), tuple(library_stamp(module) for module in read)


def _plain_chain(qualified: str, read: list[str], depth: int) -> bool:
    if qualified.split(".")[0] in ("torch", "typing", "enum", "builtins", "abc", "dataclasses"):
        return False  # torch's classes (modules, tensors), and what TorchScript types itself
    found = _library_class(qualified, read, 0) if depth <= 8 else None
    if found is None:
        return False
    module, cls, bindings = found
    if cls.decorator_list or cls.keywords:
        return False
    for base in cls.bases:
        dotted = _dotted(base)
        if dotted is None:
            return False
        if dotted in ("object", "builtins.object"):
            continue
        head, _, rest = dotted.partition(".")
        if head in bindings:
            target = bindings[head] + (f".{rest}" if rest else "")
        elif not rest:
            target = f"{module}.{head}"  # a class of the same module
        else:
            return False
        if not _plain_chain(target, read, depth + 1):
            return False
    return True
