"""Write variants of the one-construct probes: the same construct reached through another form.

Each probe in ``benchmarks/probes/`` defines ``Model`` and ``inputs()``. A variant keeps the
probe's code and changes only how ``Model.forward`` reaches it (libcst transforms of the source):

- ``helper_method``: forward's body moved into a method ``self._forward_impl(...)``;
- ``helper_fn``: moved into a module-level function ``model_forward(self, ...)`` of the file;
- ``module_from`` / ``module_as``: moved into ``helpers.py`` of a small generated package
  (``<variant>/{__init__,helpers,model}.py``), with the rest of the probe; ``model.py`` holds
  ``Model`` and ``inputs()`` and imports ``from .helpers import model_forward`` or
  ``from . import helpers as h``;
- ``submodule``: ``Model`` renamed ``Inner``, and a new ``Model`` holds ``self.inner = Inner()``;
- ``registry``: the same through ``LAYERS = {"block": Inner}; self.block = LAYERS[name]()``;
- ``decorator``: forward wrapped by a ``functools.wraps`` pass-through decorator;
- ``partial``: forward calls ``functools.partial(model_forward, self)``;
- ``alias``: ``import torch as T``, ``from torch import nn as tnn``,
  ``F = T.nn.functional`` and ``from torch import jit`` spellings.

A transform that does not apply cleanly (no ``forward`` of its own, ``super()`` or name-mangled
attributes in a body that leaves its class, a name the new spelling would shadow) is skipped.
Every variant written is run in eager (``--no-verify`` skips it) and kept only when it gives the
probe's outputs on every input (seeded the same way; an input the probe rejects must be rejected).

    python benchmarks/variants/generate.py [--glob 'b1_*'] [--forms submodule,alias] [--no-verify]
"""

from __future__ import annotations

import argparse
import fnmatch
import importlib
import importlib.util
import random
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Optional

import libcst as cst

HERE = Path(__file__).resolve().parent
BENCHMARKS = HERE.parent
REPO = BENCHMARKS.parent
PROBES = BENCHMARKS / "probes"
OUT = HERE / "probes"
# Form -> the kind it is scored under.
KINDS = {
    "helper_method": "helper",
    "helper_fn": "helper",
    "module_from": "other module",
    "module_as": "other module",
    "submodule": "submodule",
    "decorator": "decorator",
    "partial": "decorator",
    "alias": "alias",
    "registry": "registry",
}
FORMS = tuple(KINDS)
PACKAGE_FORMS = frozenset({"module_from", "module_as"})


class Skip(Exception):
    """The transform does not apply cleanly to this probe."""


@dataclass
class Variant:
    """A variant's files, relative to its own path (one file, or a package's files)."""

    name: str
    form: str
    files: dict[str, str] = field(default_factory=dict)

    @property
    def is_package(self) -> bool:
        return self.form in PACKAGE_FORMS


# -- reading the probe ---------------------------------------------------------------------


def _model(module: cst.Module) -> tuple[int, cst.ClassDef, cst.FunctionDef]:
    for i, stmt in enumerate(module.body):
        if isinstance(stmt, cst.ClassDef) and stmt.name.value == "Model":
            for item in stmt.body.body:
                if isinstance(item, cst.FunctionDef) and item.name.value == "forward":
                    if item.decorators or item.asynchronous:
                        raise Skip("forward is decorated or async")
                    return i, stmt, item
            raise Skip("Model has no forward of its own")
    raise Skip("no class Model")


class _Names(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()
        self.attributes: set[str] = set()
        self.yields = False

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        self.attributes.add(node.attr.value)
        node.value.visit(self)  # an attribute's name is no free name
        return False

    def visit_Yield(self, node: cst.Yield) -> None:
        self.yields = True


def _names(node: cst.CSTNode) -> _Names:
    found = _Names()
    node.visit(found)
    return found


def _movable_body(forward: cst.FunctionDef) -> None:
    """A body that can leave its class: no zero-argument super(), no name mangling."""
    found = _names(forward.body)
    if "super" in found.names or "__class__" in found.names:
        raise Skip("forward uses super() or __class__")
    if any(a.startswith("__") and not a.endswith("__") for a in found.attributes):
        raise Skip("forward uses name-mangled attributes")
    if found.yields:
        raise Skip("forward is a generator")


def _call_args(params: cst.Parameters, skip_self: bool = True) -> list[cst.Arg]:
    """Arguments passing each of ``params`` on, as the callee declares them."""
    args: list[cst.Arg] = []
    positional = [*params.posonly_params, *params.params]
    for p in positional[1:] if skip_self else positional:
        args.append(cst.Arg(cst.Name(p.name.value)))
    if isinstance(params.star_arg, cst.Param):
        args.append(cst.Arg(cst.Name(params.star_arg.name.value), star="*"))
    for p in params.kwonly_params:
        args.append(
            cst.Arg(
                cst.Name(p.name.value),
                keyword=cst.Name(p.name.value),
                equal=cst.AssignEqual(
                    whitespace_before=cst.SimpleWhitespace(""),
                    whitespace_after=cst.SimpleWhitespace(""),
                ),
            )
        )
    if params.star_kwarg is not None:
        args.append(cst.Arg(cst.Name(params.star_kwarg.name.value), star="**"))
    return args


def _stmt(code: str) -> cst.BaseStatement:
    return cst.parse_statement(code)


def _with_body(forward: cst.FunctionDef, *lines: str) -> cst.FunctionDef:
    return forward.with_changes(body=cst.IndentedBlock([_stmt(line) for line in lines]))


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


def _call(target: str, forward: cst.FunctionDef, with_self: bool) -> str:
    args = _call_args(forward.params)
    if with_self:
        args.insert(0, cst.Arg(cst.Name("self")))
    return _code(cst.Call(cst.parse_expression(target), args=args))


def _replace_member(cls: cst.ClassDef, old: cst.FunctionDef, *new: cst.BaseStatement):
    body: list[Any] = []
    for item in cls.body.body:
        body.extend(new if item is old else [item])
    return cls.with_changes(body=cls.body.with_changes(body=body))


def _module_fn(forward: cst.FunctionDef, name: str) -> cst.FunctionDef:
    """forward as a module-level function of the same parameters (``self`` first)."""
    return forward.with_changes(
        name=cst.Name(name),
        leading_lines=[cst.EmptyLine(), cst.EmptyLine()],
    )


def _insert_before(module: cst.Module, index: int, *stmts: cst.BaseStatement) -> cst.Module:
    body = list(module.body)
    body[index:index] = stmts
    return module.with_changes(body=body)


def _after_imports(module: cst.Module) -> int:
    """Index of the first statement after the leading imports."""
    for i, stmt in enumerate(module.body):
        if not (
            isinstance(stmt, cst.SimpleStatementLine)
            and all(isinstance(s, (cst.Import, cst.ImportFrom)) for s in stmt.body)
        ):
            return i
    return len(module.body)


def _add_import(module: cst.Module, line: str) -> cst.Module:
    return _insert_before(module, 0, _stmt(line))


# -- the transforms ------------------------------------------------------------------------


def helper_method(module: cst.Module) -> dict[str, str]:
    index, cls, forward = _model(module)
    if "_forward_impl" in _names(module).names | _names(module).attributes:
        raise Skip("_forward_impl is taken")
    impl = forward.with_changes(name=cst.Name("_forward_impl"))
    new_forward = _with_body(forward, "return " + _call("self._forward_impl", forward, False))
    new_cls = _replace_member(cls, forward, new_forward, impl)
    return {".py": module.deep_replace(cls, new_cls).code}


def helper_fn(module: cst.Module) -> dict[str, str]:
    index, cls, forward = _model(module)
    _movable_body(forward)
    if "model_forward" in _names(module).names:
        raise Skip("model_forward is taken")
    new_forward = _with_body(forward, "return " + _call("model_forward", forward, True))
    new_cls = _replace_member(cls, forward, new_forward)
    module = module.deep_replace(cls, new_cls)
    return {".py": _insert_before(module, index, _module_fn(forward, "model_forward")).code}


def partial(module: cst.Module) -> dict[str, str]:
    index, cls, forward = _model(module)
    _movable_body(forward)
    names = _names(module).names
    if names & {"model_forward", "functools", "run"}:
        raise Skip("model_forward, functools or run is taken")
    new_forward = _with_body(
        forward,
        "run = functools.partial(model_forward, self)",
        "return " + _call("run", forward, False),
    )
    module = module.deep_replace(cls, _replace_member(cls, forward, new_forward))
    module = _insert_before(module, index, _module_fn(forward, "model_forward"))
    return {".py": _add_import(module, "import functools").code}


DECORATOR = '''
def passthrough(fn):
    """Calls ``fn`` unchanged (as a logging or profiling decorator would)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper
'''


def decorator(module: cst.Module) -> dict[str, str]:
    index, cls, forward = _model(module)
    if _names(module).names & {"functools", "passthrough", "wrapper"}:
        raise Skip("functools, passthrough or wrapper is taken")
    decorated = forward.with_changes(decorators=[cst.Decorator(cst.Name("passthrough"))])
    module = module.deep_replace(cls, _replace_member(cls, forward, decorated))
    definition = cst.parse_module(DECORATOR).body[0]
    definition = definition.with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine()])
    module = _insert_before(module, index, definition)
    return {".py": _add_import(module, "import functools").code}


class _Rename(cst.CSTTransformer):
    """Rename free names (not attribute names, keywords or imported names)."""

    def __init__(self, renames: dict[str, str]) -> None:
        self.renames = renames

    def visit_Import(self, node: cst.Import) -> bool:
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.Name:
        new = self.renames.get(updated.value)
        return updated.with_changes(value=new) if new else updated

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        return updated.with_changes(attr=original.attr)

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
        return updated.with_changes(keyword=original.keyword)

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
        return updated.with_changes(name=original.name)

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef):
        return updated.with_changes(name=original.name)


WRAPPER = """
class Model({base}):
    def __init__(self{init_params}):
        super().__init__()
        self.{attr} = {make}

    def forward{signature}:
        return self.{attr}({args})
"""


def _wrapped(module: cst.Module, attr: str, make: str, init_params: str, registry: str):
    index, cls, forward = _model(module)
    if len(cls.bases) != 1 or not _code(cls.bases[0].value).endswith("Module"):
        raise Skip("Model is not a direct nn.Module subclass")
    taken = _names(module).names
    if taken & {"Inner", "LAYERS"}:
        raise Skip("Inner or LAYERS is taken")
    renamed = module.visit(_Rename({"Model": "Inner"}))
    renamed_cls = renamed.body[index]
    assert isinstance(renamed_cls, cst.ClassDef)
    renamed = renamed.deep_replace(renamed_cls, renamed_cls.with_changes(name=cst.Name("Inner")))
    signature = _code(forward.params)
    if forward.returns is not None:
        signature = f"({signature}) -> {_code(forward.returns.annotation)}"
    else:
        signature = f"({signature})"
    wrapper = WRAPPER.format(
        base=_code(cls.bases[0].value),
        init_params=init_params,
        attr=attr,
        make=make,
        signature=signature,
        args=", ".join(_code(a) for a in _call_args(forward.params)),
    )
    new = [s.with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine()]) for s in
           cst.parse_module((registry + wrapper).lstrip()).body]  # fmt: skip
    return {".py": _insert_before(renamed, index + 1, *new).code}


def submodule(module: cst.Module) -> dict[str, str]:
    return _wrapped(module, "inner", "Inner()", "", "")


def registry(module: cst.Module) -> dict[str, str]:
    return _wrapped(
        module, "block", "LAYERS[name]()", ', name: str = "block"', 'LAYERS = {"block": Inner}\n'
    )


class _Alias(cst.CSTTransformer):
    """Other spellings of the torch imports: ``import torch as T``, ``from torch import nn as
    tnn``, ``F = T.nn.functional`` and ``from torch import jit``."""

    def __init__(self) -> None:
        self.uses_functional = False
        self.uses_jit = False

    # Imported names are rewritten whole, in leave_Import(From), not as attributes.
    def visit_Import(self, node: cst.Import) -> bool:
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False

    def leave_Import(self, original: cst.Import, updated: cst.Import):
        names = []
        for alias in updated.names:
            dotted = _code(alias.name)
            bound = alias.asname.name.value if alias.asname else dotted  # type: ignore[union-attr]
            if dotted == "torch" and bound == "torch":
                names.append(alias.with_changes(asname=cst.AsName(cst.Name("T"))))
            elif dotted == "torch.nn" and bound == "nn":
                return cst.parse_statement("from torch import nn as tnn").body[0]
            elif dotted == "torch.nn.functional" and bound == "F":
                self.uses_functional = True
                return cst.RemovalSentinel.REMOVE
            else:
                names.append(alias)
        names[-1] = names[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated.with_changes(names=names)

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom):
        if updated.module is None or isinstance(updated.names, cst.ImportStar):
            return updated
        source = _code(updated.module)
        names = []
        for alias in updated.names:
            name = _code(alias.name)
            bound = alias.asname.name.value if alias.asname else name  # type: ignore[union-attr]
            if source == "torch" and name == "nn" and bound == "nn":
                names.append(alias.with_changes(asname=cst.AsName(cst.Name("tnn"))))
            elif source == "torch.nn" and name == "functional" and bound == "F":
                self.uses_functional = True
            else:
                names.append(alias)
        if not names:
            return cst.RemovalSentinel.REMOVE
        names[-1] = names[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated.with_changes(names=names)

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        spelled = _code(original)
        if spelled in ("torch.nn.functional", "nn.functional"):
            self.uses_functional = True
            return cst.Name("F")
        if spelled == "torch.jit":
            self.uses_jit = True
            return cst.Name("jit")
        return updated


def alias(module: cst.Module) -> dict[str, str]:
    _model(module)
    found = _names(module)
    if found.names & {"T", "tnn", "jit"}:
        raise Skip("T, tnn or jit is taken")
    spelled = _Alias()
    new = module.visit(spelled)
    if spelled.uses_functional and "F" in found.names and not _imports_functional_as_f(module):
        raise Skip("F names something else")
    new = new.visit(_Rename({"torch": "T", "nn": "tnn"}))
    extra = []
    if spelled.uses_jit:
        extra.append(_stmt("from torch import jit"))
    if "T" not in _names(new).names and "torch" not in found.names:
        raise Skip("the probe does not use torch")
    if spelled.uses_functional:
        extra.append(_stmt("F = T.nn.functional"))
    new = _insert_before(new, _after_imports(new), *extra)
    if new.code == module.code:
        raise Skip("no spelling to change")
    return {".py": new.code}


def _imports_functional_as_f(module: cst.Module) -> bool:
    return any(
        isinstance(stmt, cst.SimpleStatementLine)
        and _code(stmt).strip()
        in ("import torch.nn.functional as F", "from torch.nn import functional as F")
        for stmt in module.body
    )


def _defined(stmt: cst.BaseStatement) -> set[str]:
    """Module-level names a statement (not an import) defines."""
    if isinstance(stmt, (cst.ClassDef, cst.FunctionDef)):
        return {stmt.name.value}
    names: set[str] = set()
    if isinstance(stmt, cst.SimpleStatementLine):
        for small in stmt.body:
            targets: list[cst.BaseExpression] = []
            if isinstance(small, cst.Assign):
                targets = [t.target for t in small.targets]
            elif isinstance(small, (cst.AnnAssign, cst.AugAssign)):
                targets = [small.target]
            for target in targets:
                names |= {n for n in _names(target).names}
    return names


def _is_import(stmt: cst.BaseStatement) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and all(
        isinstance(s, (cst.Import, cst.ImportFrom)) for s in stmt.body
    )


def _other_module(module: cst.Module, as_module: bool) -> dict[str, str]:
    index, cls, forward = _model(module)
    _movable_body(forward)
    rest = cls.with_changes(body=cls.body.with_changes(body=[
        m for m in cls.body.body if m is not forward]))  # fmt: skip
    if "global" in _code(rest):
        raise Skip("Model's other methods use globals")
    inputs = next(
        (s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == "inputs"),
        None,
    )
    if inputs is None:
        raise Skip("no inputs()")
    kept = [s for s in module.body if s is not cls and s is not inputs]
    if "Model" in _names(cst.Module(kept)).names:
        raise Skip("other code refers to Model")
    helpers = cst.Module(
        body=[*kept, _module_fn(forward, "model_forward")], header=module.header
    ).code
    call = "h.model_forward" if as_module else "model_forward"
    new_forward = _with_body(forward, "return " + _call(call, forward, True))
    new_cls = _replace_member(cls, forward, new_forward)
    defined = set().union(*(_defined(s) for s in kept if not _is_import(s)))
    # Only model.py's own names can clash: the body's locals now live in helpers.py.
    model_names = _names(rest).names | _names(forward.params).names | _names(inputs).names
    if (defined | model_names) & {"model_forward", *(("h",) if as_module else ())}:
        raise Skip("model_forward or h is taken")
    used = (_names(new_cls).names | _names(inputs).names) & defined
    imports = [s for s in module.body if _is_import(s)]
    own = []
    if as_module:
        own.append(_stmt("from . import helpers as h"))
    names = sorted(used | (set() if as_module else {"model_forward"}))
    if names:
        own.append(_stmt(f"from .helpers import {', '.join(names)}"))
    first = new_cls.with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine()])
    model = cst.Module(body=[*imports, *own, first, inputs], header=module.header).code
    return {"/__init__.py": "", "/helpers.py": helpers, "/model.py": model}


def module_from(module: cst.Module) -> dict[str, str]:
    return _other_module(module, as_module=False)


def module_as(module: cst.Module) -> dict[str, str]:
    return _other_module(module, as_module=True)


TRANSFORMS: dict[str, Callable[[cst.Module], dict[str, str]]] = {
    "helper_method": helper_method,
    "helper_fn": helper_fn,
    "module_from": module_from,
    "module_as": module_as,
    "submodule": submodule,
    "decorator": decorator,
    "partial": partial,
    "alias": alias,
    "registry": registry,
}


def variants_of(source: str, stem: str, forms: Sequence[str] = FORMS) -> list[Variant]:
    """Every variant of one probe's source that the transforms of ``forms`` give."""
    module = cst.parse_module(source)
    out = []
    for form in forms:
        try:
            files = TRANSFORMS[form](module)
        except Skip:
            continue
        for text in files.values():
            cst.parse_module(text)  # a transform must give Python
        out.append(Variant(f"{stem}__{form}", form, files))
    return out


# -- writing and checking ------------------------------------------------------------------


def variant_name(path: Path, root: Path = OUT) -> str:
    """The variant a generated file belongs to (``<probe>__<form>``)."""
    relative = path.resolve().relative_to(root.resolve())
    return relative.parts[0].removesuffix(".py")


def form_of(name: str) -> str:
    return name.rsplit("__", 1)[1]


def probe_of(name: str) -> str:
    return name.rsplit("__", 1)[0]


def write(variant: Variant, root: Path = OUT) -> Path:
    """Write a variant under ``root``; its entry file (the one defining Model and inputs)."""
    base = root / variant.name
    if variant.is_package:
        base.mkdir(parents=True, exist_ok=True)
    for suffix, text in variant.files.items():
        Path(f"{base}{suffix}").write_text(text)
    return base / "model.py" if variant.is_package else Path(f"{base}.py")


def remove(name: str, root: Path = OUT) -> None:
    base = root / name
    if base.is_dir():
        shutil.rmtree(base)
    Path(f"{base}.py").unlink(missing_ok=True)


def entry_files(root: Path = OUT) -> dict[str, Path]:
    """Each generated variant's entry file, by variant name."""
    found = {p.stem: p for p in root.glob("*.py")}
    found.update({p.parent.name: p for p in root.glob("*/model.py")})
    return dict(sorted(found.items()))


def import_variant(entry: Path, root: Path = OUT) -> ModuleType:
    """Import a variant's entry file from where it lies (a package variant as a package)."""
    if entry.name == "model.py" and (entry.parent / "__init__.py").exists():
        if str(root) not in sys.path:
            sys.path.insert(0, str(root))
        return importlib.import_module(f"{entry.parent.name}.model")
    return import_file(entry, f"tl_variant_{entry.stem}")


def import_file(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _seed(n: int) -> None:
    import numpy
    import torch

    torch.manual_seed(n)
    random.seed(n)
    numpy.random.seed(n)


def eager_outputs(module: ModuleType) -> list[Any]:
    """The model's eager outputs on every input, seeded: an input it rejects gives the error."""
    import warnings

    sys.path.insert(0, str(REPO))
    from tests.oracle import _callable, _clone, _eager, _quiet  # noqa: PLC0415 - needs torch

    _seed(0)
    inputs = [tuple(i) for i in module.inputs()]
    _seed(0)
    with _quiet(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = _callable(module)
        out = []
        for n, args in enumerate(inputs):
            _seed(n + 1)
            out.append(_eager(model, _clone(args)))
    return out


def same_outputs(a: list[Any], b: list[Any]) -> bool:
    from tests.oracle import _Rejected, _same  # noqa: PLC0415 - needs torch

    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if isinstance(x, _Rejected) or isinstance(y, _Rejected):
            if not (isinstance(x, _Rejected) and isinstance(y, _Rejected)):
                return False
        elif not _same(x, y):
            return False
    return True


def verify(variant: Variant, entry: Path, expected: list[Any], root: Path = OUT) -> str:
    """Why the written variant does not behave as its probe in eager ('' when it does)."""
    try:
        got = eager_outputs(import_variant(entry, root))
    except Exception as exc:  # the variant itself is broken
        return f"{type(exc).__name__}: {exc}"
    return "" if same_outputs(expected, got) else "outputs differ from the probe's"


def generate(
    probes: Sequence[Path],
    forms: Sequence[str] = FORMS,
    root: Path = OUT,
    check: bool = True,
    log: Callable[[str], None] = print,
) -> dict[str, Path]:
    """Write the variants of ``probes`` under ``root``; the ones kept, by name."""
    root.mkdir(parents=True, exist_ok=True)
    kept: dict[str, Path] = {}
    for path in probes:
        source = path.read_text()
        expected: Optional[list[Any]] = None
        if check:
            try:
                expected = eager_outputs(import_file(path, f"tl_probe_{path.stem}"))
            except Exception as exc:
                log(f"{path.stem}: the probe itself fails in eager ({exc}); no variants")
                continue
        for variant in variants_of(source, path.stem, forms):
            remove(variant.name, root)
            entry = write(variant, root)
            why = verify(variant, entry, expected, root) if expected is not None else ""
            if why:
                remove(variant.name, root)
                log(f"dropped {variant.name}: {why[:120]}")
            else:
                kept[variant.name] = entry
    return kept


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--glob", default="*", help="probe file names to use (fnmatch)")
    parser.add_argument("--forms", default=",".join(FORMS), help="transforms to apply")
    parser.add_argument("--no-verify", action="store_true", help="do not run eager (no torch)")
    args = parser.parse_args(argv)
    forms = [f for f in args.forms.split(",") if f]
    unknown = [f for f in forms if f not in TRANSFORMS]
    if unknown:
        print(f"unknown form(s): {', '.join(unknown)}; known: {', '.join(FORMS)}", file=sys.stderr)
        return 2
    pattern = args.glob if args.glob.endswith(".py") else args.glob + ".py"
    probes = sorted(p for p in PROBES.glob("*.py") if fnmatch.fnmatch(p.name, pattern))
    if not probes:
        print(f"no probe matches {args.glob!r}", file=sys.stderr)
        return 2
    kept = generate(probes, forms, check=not args.no_verify)
    print(f"{len(kept)} variants of {len(probes)} probes written to {OUT.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
