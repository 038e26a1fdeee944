"""Facts about TorchScript that rules (TL2xx) and fixers both need: kept here so that neither
package imports the other."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.conditions import ends_in_exit
from torchlint.lint.graph_queries import assignments

# torch's context-manager decorators -> the module their wrapper function is defined in, and
# the names that module binds to what a model file usually means by them (torch 2.13). The
# wrapper is `functools.wraps`ed: TorchScript compiles the undecorated source (`__wrapped__`)
# but resolves its global names in the wrapper's `__globals__`, that module's.
_CONTEXTLIB = ("torch.utils._contextlib", {"functools", "inspect", "sys", "warnings"})
_AUTOCAST = (
    "torch.amp.autocast_mode",
    {"torch", "functools", "warnings", "collections", "numpy"},
)
CONTEXT_DECORATORS = {
    "torch.no_grad": _CONTEXTLIB,
    "torch.enable_grad": _CONTEXTLIB,
    "torch.inference_mode": _CONTEXTLIB,
    "torch.set_grad_enabled": _CONTEXTLIB,
    "torch.autograd.no_grad": _CONTEXTLIB,
    "torch.autograd.enable_grad": _CONTEXTLIB,
    "torch.autograd.inference_mode": _CONTEXTLIB,
    "torch.autograd.set_grad_enabled": _CONTEXTLIB,
    "torch.autocast": _AUTOCAST,
    "torch.amp.autocast": _AUTOCAST,
    "torch.cuda.amp.autocast": _AUTOCAST,
    "torch.cpu.amp.autocast": _AUTOCAST,
}


def context_decorator(ctx, decorator: cst.Decorator) -> Optional[str]:  # type: ignore[no-untyped-def]
    """The qualified name of a torch context-manager decorator (``@torch.no_grad()``,
    ``@torch.inference_mode``, ``@torch.autocast("cuda")``), or None."""
    spelled = decorator.decorator
    name = ctx.qualified_name(spelled.func if isinstance(spelled, cst.Call) else spelled)
    return name if name in CONTEXT_DECORATORS else None


def shape_expression(node: cst.BaseExpression) -> bool:
    """``x.shape``, ``x.size()``, or a slice of either."""
    if isinstance(node, cst.Subscript) and all(isinstance(e.slice, cst.Slice) for e in node.slice):
        node = node.value
    if isinstance(node, cst.Attribute):
        return node.attr.value == "shape"
    return (
        isinstance(node, cst.Call)
        and not node.args
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "size"
    )


# The `numbers` ABCs -> the builtin types that stand for them in TorchScript.
NUMBER_ABCS = {
    "numbers.Number": ("int", "float", "complex"),
    "numbers.Complex": ("int", "float", "complex"),
    "numbers.Real": ("int", "float"),
    "numbers.Integral": ("int",),
}


# typing.NamedTuple's methods and class attributes TorchScript's NamedTuple lacks (torch 2.13:
# '__torch__.P' object has no attribute or method '_replace'; `P._make(...)`: attribute lookup
# is not defined on __torch__.P); its NamedTuple has the fields, indexing and unpacking alone.
NAMEDTUPLE_METHODS = frozenset({"_replace", "_asdict", "_make", "count", "index"})


def namedtuple_fields(ctx, name: str) -> Optional[list[str]]:  # type: ignore[no-untyped-def]
    """The fields, in order, of the ``class <name>(NamedTuple)`` this module defines at top
    level (its annotated class-body names), or None."""
    for statement in ctx.module.body:
        if not (isinstance(statement, cst.ClassDef) and statement.name.value == name):
            continue
        if len(statement.bases) != 1 or ctx.qualified_name(statement.bases[0].value) not in (
            "typing.NamedTuple",
            "typing_extensions.NamedTuple",
        ):
            return None
        fields = []
        for line in statement.body.body:
            if isinstance(line, cst.SimpleStatementLine):
                for small in line.body:
                    if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                        fields.append(small.target.value)
        return fields
    return None


def collections_namedtuple_fields(ctx, name: str) -> Optional[list[str]]:  # type: ignore[no-untyped-def]
    """The fields of ``name``, bound once at the module's top level (and nowhere else there)
    to ``collections.namedtuple("name", [...])`` / ``namedtuple("name", "a b")`` with literal
    fields and no other argument; None otherwise."""
    found: list[cst.Call] = []
    others = 0
    for stmt in ctx.module.body:
        if type(stmt) in (cst.FunctionDef, cst.ClassDef) and stmt.name.value == name:  # type: ignore[attr-defined]
            others += 1
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:  # type: ignore[attr-defined]
            if type(small) is cst.Assign and any(
                type(t.target) is cst.Name and t.target.value == name for t in small.targets
            ):
                value = small.value
                if (
                    len(small.targets) == 1
                    and type(value) is cst.Call
                    and ctx.qualified_name(value.func) == "collections.namedtuple"
                ):
                    found.append(value)
                else:
                    others += 1
    if len(found) != 1 or others:
        return None
    args = found[0].args
    if len(args) != 2 or any(a.keyword is not None or a.star for a in args):
        return None
    return namedtuple_call_fields(found[0])


def namedtuple_call_fields(call: cst.Call) -> Optional[list[str]]:
    """The field names of ``namedtuple("Name", ["a", "b"])`` / ``namedtuple("Name", "a b")``
    (its second argument, literal strings only); None otherwise."""
    if len(call.args) < 2 or any(a.star or a.keyword is not None for a in call.args[:2]):
        return None
    spec = call.args[1].value
    if type(spec) is cst.SimpleString:
        text = spec.evaluated_value
        if not isinstance(text, str):
            return None
        return text.replace(",", " ").split()
    if type(spec) in (cst.List, cst.Tuple):
        names = []
        for element in spec.elements:  # type: ignore[attr-defined]
            if type(element.value) is not cst.SimpleString:
                return None
            text = element.value.evaluated_value
            if not isinstance(text, str):
                return None
            names.append(text)
        return names
    return None


def namedtuple_local(ctx, function: cst.FunctionDef, name: str) -> Optional[str]:  # type: ignore[no-untyped-def]
    """The NamedTuple class of this module that local ``name`` surely is an instance of, of
    that class exactly: every binding of ``name`` in ``function`` is a call of the class or
    ``name._replace(...)``."""
    found = set()
    bound = assignments(function, name)
    for value, _, size in bound:
        if size != 1 or not isinstance(value, cst.Call):
            return None
        func = value.func
        if isinstance(func, cst.Name) and namedtuple_fields(ctx, func.value) is not None:
            found.add(func.value)
        elif not (
            isinstance(func, cst.Attribute)
            and func.attr.value == "_replace"
            and isinstance(func.value, cst.Name)
            and func.value.value == name
        ):
            return None
    return found.pop() if len(found) == 1 else None


# The spellings of `Final` whose class-body annotation makes a module attribute a TorchScript
# constant (folded into the code; no attribute to set: torch 2.13 `Tried to set nonexistent
# attribute`).
FINALS = frozenset({"typing.Final", "torch.jit.Final", "typing_extensions.Final"})


def target_names(target: cst.CSTNode) -> list[str]:
    """The bare names an assignment or loop target binds (``a``, ``a, (b, *c)``), in order;
    attributes and subscripts bind none."""
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [name for element in target.elements for name in target_names(element.value)]
    if isinstance(target, cst.StarredElement):
        return target_names(target.value)
    return []


# `torch.<name>` functions whose every TorchScript overload (torch 2.13's `aten::<name>`
# schemas) returns one Tensor, of those a model unpacks (`i, j = torch.tril_indices(n, n)`):
# TorchScript unpacks no Tensor. The test suite checks each against torch's schemas.
SINGLE_TENSOR_FUNCTIONS = frozenset(
    {"tril_indices", "triu_indices", "nonzero", "argwhere", "stack", "cat", "arange"}
)


def _missing_attribute_test(ctx, test: cst.BaseExpression, attr: str) -> Optional[bool]:  # type: ignore[no-untyped-def]
    """What an ``if`` test comes to at compile time on a module without ``attr``: TorchScript
    folds ``hasattr(self, "<attr>")`` on a module to a constant, ``not`` of a constant, and
    ``a and b`` / ``a or b`` when one side is a constant that decides it (torch 2.13); None
    when it is not decided so."""
    if type(test) is cst.Call:
        args = test.args  # type: ignore[attr-defined]
        if (
            len(args) == 2
            and all(a.keyword is None and not a.star for a in args)
            and type(args[0].value) is cst.Name
            and args[0].value.value == "self"
            and type(args[1].value) is cst.SimpleString
            and args[1].value.evaluated_value == attr
            and ctx.qualified_name(test.func) == "builtins.hasattr"  # type: ignore[attr-defined]
        ):
            return False
        return None
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:  # type: ignore[attr-defined]
        inner = _missing_attribute_test(ctx, test.expression, attr)  # type: ignore[attr-defined]
        return None if inner is None else not inner
    if type(test) is cst.BooleanOperation:
        sides = (
            _missing_attribute_test(ctx, test.left, attr),  # type: ignore[attr-defined]
            _missing_attribute_test(ctx, test.right, attr),  # type: ignore[attr-defined]
        )
        deciding = type(test.operator) is cst.Or  # type: ignore[attr-defined]
        if deciding in sides:
            return deciding
        if sides == (not deciding, not deciding):
            return not deciding
    return None


def _within(root: cst.CSTNode, target: cst.CSTNode) -> bool:
    return root is target or any(_within(child, target) for child in root.children)


def dropped_without_attribute(ctx, node: cst.CSTNode, attr: str) -> bool:  # type: ignore[no-untyped-def]
    """Whether TorchScript leaves ``node`` (inside the current function) uncompiled on a module
    that has no attribute ``attr``: it sits in the branch of an ``if`` / conditional
    expression that a ``hasattr(self, "<attr>")`` test rules out, or after an ``if`` with such
    a test whose body ends in ``return`` / ``raise`` (torch 2.13 compiles only the branch a
    constant test takes, and nothing after a taken branch that exits). A ``hasattr`` stored in
    a variable, or the right side of ``and`` outside a test, is compiled as usual."""
    function = ctx.function
    if function is None:
        return False
    chain: list[cst.CSTNode] = [function]
    inside = False
    for statement in ctx.statements:
        if statement is function:
            inside = True
        elif inside:
            chain.append(statement)
    for owner, child in zip(chain, chain[1:]):
        blocks = [getattr(owner, "body", None), getattr(owner, "orelse", None)]
        for block in blocks:
            block = block.body if type(block) is cst.Else else block  # type: ignore[union-attr]
            if type(block) is not cst.IndentedBlock:
                continue
            statements = block.body  # type: ignore[union-attr]
            if not any(s is child for s in statements):
                continue
            for sibling in statements:
                if sibling is child:
                    break
                if (
                    type(sibling) is cst.If
                    and sibling.orelse is None  # type: ignore[attr-defined]
                    and ends_in_exit(sibling.body)  # type: ignore[attr-defined]
                    and _missing_attribute_test(ctx, sibling.test, attr) is True  # type: ignore[attr-defined]
                ):
                    return True
        if type(owner) is cst.If:
            taken = _missing_attribute_test(ctx, owner.test, attr)  # type: ignore[attr-defined]
            if taken is False and _within(owner.body, child):  # type: ignore[attr-defined]
                return True
            if taken is True and owner.orelse is not None and _within(owner.orelse, child):  # type: ignore[attr-defined]
                return True
    # A conditional expression in the statement itself: `self.a(x) if hasattr(self, "a") else x`.
    found = False

    def search(current: cst.CSTNode) -> bool:
        nonlocal found
        if current is node:
            return True
        if type(current) in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            return False
        for sub in current.children:
            if search(sub):
                if type(current) is cst.IfExp and sub is not current.test:  # type: ignore[attr-defined]
                    taken = _missing_attribute_test(ctx, current.test, attr)  # type: ignore[attr-defined]
                    if taken is (sub is current.orelse):  # type: ignore[attr-defined]
                        found = True
                return True
        return False

    if len(chain) >= 2 and type(chain[-1]) is cst.SimpleStatementLine:
        search(chain[-1])
    return found


def number_kind(value: cst.BaseExpression) -> Optional[str]:
    """``"int"`` or ``"float"`` for a number literal (``1``, ``-0.5``), else None."""
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        value = value.expression
    if isinstance(value, cst.Integer):
        return "int"
    if isinstance(value, cst.Float):
        return "float"
    return None


def mixed_number_list(value: cst.BaseExpression) -> bool:
    """A list display of int and float literals, both present."""
    if not isinstance(value, cst.List) or not value.elements:
        return False
    kinds = [number_kind(element.value) for element in value.elements]
    return None not in kinds and set(kinds) == {"int", "float"}


def literal_type(node: Optional[cst.BaseExpression]) -> Optional[str]:
    """``int``/``float``/``bool``/``str`` for a literal of that type, else None."""
    if node is None:
        return None
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.Plus)):
        node = node.expression
    if isinstance(node, cst.Integer):
        return "int"
    if isinstance(node, cst.Float):
        return "float"
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        text = node.prefix if isinstance(node, cst.SimpleString) else "u"
        return None if "b" in text.lower() else "str"
    if isinstance(node, cst.Name) and node.value in ("True", "False"):
        return "bool"
    return None
