"""Questions about the syntax of one function that rules and fixers both ask: which values a
name is bound to, whether an operator compares, whether a call gives a boolean tensor, whether a
test is ``name is (not) None``.

Syntactic and local to one function; the semantic model's kinds answer the rest.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.tensor_methods import BOOL_METHODS
from torchlint.lint.walk import walk

BOOL_FUNCTIONS = frozenset(f"torch.{name}" for name in BOOL_METHODS if name != "bool")
# Calls sized by their positional int arguments (or the elements of a tuple / list one): a
# 0-d tensor there is read as a Python int (torch 2.13: plain compile breaks, GB0033).
SIZE_FUNCTIONS = frozenset(
    {"torch.arange", "torch.zeros", "torch.ones", "torch.empty", "torch.full", "torch.rand",
     "torch.randn"}
)  # fmt: skip
SIZE_METHODS = frozenset(
    {"new_zeros", "new_ones", "new_empty", "new_full", "repeat", "expand", "topk", "narrow",
     "view", "reshape"}
)  # fmt: skip
COMPARISON_OPERATORS = (
    cst.LessThan,
    cst.LessThanEqual,
    cst.GreaterThan,
    cst.GreaterThanEqual,
    cst.Equal,
    cst.NotEqual,
)
# Binary operators of elementwise arithmetic (broadcasting, no matrix product, no bit logic).
ARITHMETIC = (
    cst.Add,
    cst.Subtract,
    cst.Multiply,
    cst.Divide,
    cst.FloorDivide,
    cst.Modulo,
    cst.Power,
)


def all_params(params: cst.Parameters) -> list[cst.Param]:
    """Every parameter of a signature: positional-only, plain, keyword-only, ``*args`` and
    ``**kwargs``."""
    found = [*params.posonly_params, *params.params, *params.kwonly_params]
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            found.append(star)
    return found


def parameter(func: Optional[cst.FunctionDef], name: str) -> Optional[cst.Param]:
    """The parameter of ``func`` named ``name`` (positional or keyword-only), or None."""
    if func is None:
        return None
    params = func.params
    for param in (*params.posonly_params, *params.params, *params.kwonly_params):
        if param.name.value == name:
            return param
    return None


def assignments(
    func: Optional[cst.FunctionDef], name: str
) -> list[tuple[cst.BaseExpression, int, int]]:
    """Values bound to ``name`` in ``func`` as (value, position in a tuple target, tuple size).

    Position and size are 0 and 1 for a plain ``name = value``; the target of ``for i in
    range(...)`` is bound to the ``range(...)`` call. Augmented assignments, other loop
    targets and other bindings make the list contain a ``cst.Name("?")`` placeholder, which
    no caller recognises, so "not sure" wins.
    """
    if func is None:
        return []
    entry = _ASSIGNMENTS.get(id(func))
    if entry is None or entry[0] is not func:
        if len(_ASSIGNMENTS) > 512:
            _ASSIGNMENTS.clear()
        entry = _ASSIGNMENTS[id(func)] = (func, _collect_assignments(func))
    return entry[1].get(name, [])


# id(function node) -> (the node, its bindings); the node is kept so its id is not reused.
_ASSIGNMENTS: dict[int, tuple[cst.FunctionDef, dict[str, list]]] = {}


UNKNOWN_VALUE = cst.Name("unknown_binding")


def _collect_assignments(
    func: cst.FunctionDef,
) -> dict[str, list[tuple[cst.BaseExpression, int, int]]]:
    found: dict[str, list[tuple[cst.BaseExpression, int, int]]] = {}

    def add(target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        kind = type(target)
        if kind is cst.Name:
            found.setdefault(target.value, []).append((value, 0, 1))  # type: ignore[attr-defined]
        elif kind is cst.Tuple or kind is cst.List:
            size = len(target.elements)  # type: ignore[attr-defined]
            for position, element in enumerate(target.elements):  # type: ignore[attr-defined]
                if type(element.value) is cst.Name and type(element) is not cst.StarredElement:
                    found.setdefault(element.value.value, []).append((value, position, size))

    # The engine's walker over the body, not libcst's visitor (which rebuilds every node);
    # nested functions bind their own names, so their subtrees are skipped.
    def enter(node: cst.CSTNode) -> Optional[bool]:
        kind = type(node)
        if kind is cst.Assign:
            for target in node.targets:  # type: ignore[attr-defined]
                add(target.target, node.value)  # type: ignore[attr-defined]
        elif kind is cst.AnnAssign:
            if node.value is not None:  # type: ignore[attr-defined]
                add(node.target, node.value)  # type: ignore[attr-defined]
        elif kind is cst.For and _range_call(node.iter):  # type: ignore[attr-defined]
            # `for i in range(n)`: `i` takes the values the call names (its bounds' kinds).
            add(node.target, node.iter)  # type: ignore[attr-defined]
        elif kind is cst.AugAssign or kind is cst.For or kind is cst.CompFor:
            add(node.target, UNKNOWN_VALUE)  # type: ignore[attr-defined]
        elif kind is cst.NamedExpr:
            add(node.target, node.value)  # type: ignore[attr-defined]
        elif kind is cst.FunctionDef:
            return False
        return None

    walk(func.body, enter, lambda node: None)
    return found


def list_items(func: Optional[cst.FunctionDef], name: str) -> Optional[list[cst.BaseExpression]]:
    """What the local list ``name`` of ``func`` holds: the elements of the list displays it
    is bound to (one of them empty) and the arguments of its ``.append(...)`` calls there
    (``sizes = []; sizes.append(x.size(0))``); None when it is bound to anything else, its
    items are set or it is changed in place otherwise (``extend``, ``insert``, ``+=``)."""
    bound = assignments(func, name)
    if (
        not bound
        or any(size != 1 or type(value) is not cst.List for value, _, size in bound)
        or not any(not value.elements for value, _, _ in bound)
    ):  # type: ignore[attr-defined]
        return None
    items: list[cst.BaseExpression] = [
        element.value
        for value, _, _ in bound
        for element in value.elements  # type: ignore[attr-defined]
    ]
    if any(type(item) is cst.StarredElement for item in items):
        return None
    found: list[Optional[cst.BaseExpression]] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        kind = type(node)
        if kind is cst.FunctionDef and node is not func:
            return False
        if (
            kind is cst.Attribute
            and type(node.value) is cst.Name  # type: ignore[attr-defined]
            and node.value.value == name  # type: ignore[attr-defined]
        ):
            found.append(None)  # a method of it, taken below if an append
        elif kind is cst.Call:
            call = node
            if (
                type(call.func) is cst.Attribute  # type: ignore[attr-defined]
                and type(call.func.value) is cst.Name  # type: ignore[attr-defined]
                and call.func.value.value == name  # type: ignore[attr-defined]
                and call.func.attr.value == "append"  # type: ignore[attr-defined]
                and len(call.args) == 1  # type: ignore[attr-defined]
                and call.args[0].keyword is None  # type: ignore[attr-defined]
                and not call.args[0].star  # type: ignore[attr-defined]
            ):
                found.append(call.args[0].value)  # type: ignore[attr-defined]
        elif (
            kind is cst.AssignTarget
            and type(node.target) is cst.Subscript  # type: ignore[attr-defined]
            and type(node.target.value) is cst.Name  # type: ignore[attr-defined]
            and node.target.value.value == name  # type: ignore[attr-defined]
        ):
            stores.append(node)  # `sizes[0] = ...`
        return None

    stores: list[cst.CSTNode] = []
    walk(func.body, enter, lambda node: None)  # type: ignore[union-attr]
    appended = [item for item in found if item is not None]
    # Every method of it read is an append (each call counted once as a method read).
    if stores or len(found) != 2 * len(appended):
        return None
    return items + appended


def loop_iterables(func: Optional[cst.FunctionDef], name: str) -> list[cst.BaseExpression]:
    """The iterables of the ``for name in ...`` loops of ``func`` (its nested functions'
    aside) whose target is the plain name ``name``."""
    if func is None:
        return []
    found: list[cst.BaseExpression] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        kind = type(node)
        if kind is cst.FunctionDef:
            return False
        if (
            kind is cst.For
            and type(node.target) is cst.Name  # type: ignore[attr-defined]
            and node.target.value == name  # type: ignore[attr-defined]
        ):
            found.append(node.iter)  # type: ignore[attr-defined]
        return None

    walk(func.body, enter, lambda node: None)
    return found


def _range_call(node: cst.BaseExpression) -> bool:
    return (
        type(node) is cst.Call
        and type(node.func) is cst.Name  # type: ignore[attr-defined]
        and node.func.value == "range"  # type: ignore[attr-defined]
        and all(a.keyword is None and not a.star for a in node.args)  # type: ignore[attr-defined]
    )


def none_test(expr: cst.BaseExpression) -> Optional[tuple[str, bool]]:
    """``(name, True)`` for ``name is not None``, ``(name, False)`` for ``name is None``."""
    if type(expr) is not cst.Comparison or len(expr.comparisons) != 1:  # type: ignore[attr-defined]
        return None
    left, target = expr.left, expr.comparisons[0]  # type: ignore[attr-defined]
    if (
        type(left) is cst.Name
        and type(target.operator) in (cst.Is, cst.IsNot)
        and type(target.comparator) is cst.Name
        and target.comparator.value == "None"
    ):
        return left.value, type(target.operator) is cst.IsNot  # type: ignore[attr-defined]
    return None


_TARGET_HOLDERS = frozenset({cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor, cst.NamedExpr})


def bound_names(scope: cst.CSTNode) -> set[str]:
    """Every name ``scope`` binds (a function: its locals and parameters): assignment and loop
    targets, ``with`` / ``except`` / import names, ``del``, walrus, nested ``def`` / ``class``
    names and nested functions' parameters (only larger), not nested classes' bodies."""
    names: set[str] = set()

    def targets(node: cst.CSTNode) -> None:
        kind = type(node)
        if kind is cst.Name:
            names.add(node.value)  # type: ignore[attr-defined]
        elif kind is cst.Tuple or kind is cst.List:
            for element in node.elements:  # type: ignore[attr-defined]
                targets(element.value)
        elif kind is cst.StarredElement:
            targets(node.value)  # type: ignore[attr-defined]

    # The engine's walker, not libcst's visitor (which rebuilds every node); nested classes
    # bind their names here but not their bodies.
    def enter(node: cst.CSTNode) -> Optional[bool]:
        kind = type(node)
        if kind is cst.Param:
            names.add(node.name.value)  # type: ignore[attr-defined]
        elif kind is cst.AssignTarget:
            targets(node.target)  # type: ignore[attr-defined]
        elif kind in _TARGET_HOLDERS:
            targets(node.target)  # type: ignore[attr-defined]
        elif kind is cst.AsName:
            targets(node.name)  # type: ignore[attr-defined]
        elif kind is cst.Del:
            targets(node.target)  # type: ignore[attr-defined]
        elif kind is cst.ImportAlias:
            if node.asname is None:  # type: ignore[attr-defined]
                name = node.name  # type: ignore[attr-defined]
                while type(name) is cst.Attribute:
                    name = name.value
                if type(name) is cst.Name:
                    names.add(name.value)
        elif kind is cst.FunctionDef:
            names.add(node.name.value)  # type: ignore[attr-defined]
        elif kind is cst.ClassDef:
            names.add(node.name.value)  # type: ignore[attr-defined]
            return False
        return None

    walk(scope, enter, lambda node: None)
    return names


# Builtins whose call computes a value and changes nothing (for the values arguments hold).
PURE_BUILTINS = frozenset(
    {"len", "str", "repr", "float", "int", "bool", "type", "tuple", "round", "abs", "min", "max",
     "sum", "isinstance", "id", "format", "sorted", "list"}
)  # fmt: skip
# Tensor methods without a trailing ``_`` that still change something.
EFFECTFUL_TENSOR_METHODS = frozenset(
    {"backward", "register_hook", "retain_grad", "record_stream", "share_memory_", "set_"}
)
# Methods of Python's list, dict and set that change the container (``outs.pop()``).
CONTAINER_MUTATORS = frozenset(
    {"append", "extend", "insert", "pop", "popitem", "remove", "clear", "update", "setdefault",
     "add", "discard", "sort", "reverse"}
)  # fmt: skip
# String methods of a literal: ``"{}".format(x)``, ``", ".join(parts)``.
STRING_METHODS = frozenset({"format", "join"})


def pure_arguments(ctx, call: cst.Call, kind) -> bool:  # type: ignore[no-untyped-def]
    """Whether evaluating the call's arguments surely has no side effect: every call in them is
    a pure builtin, a tensor method that changes nothing (``kind`` says what is a tensor), or
    a string literal's format/join."""
    from torchlint.lint.semantic.kinds import Kind

    stack: list[cst.CSTNode] = [arg.value for arg in call.args]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.Lambda, cst.NamedExpr, cst.Await, cst.Yield)):
            return False
        if isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, cst.Name):
                if not (
                    ctx.qualified_name(func) == f"builtins.{func.value}"
                    and func.value in PURE_BUILTINS
                ):
                    return False
            elif not isinstance(func, cst.Attribute):
                return False
            elif isinstance(func.value, (cst.SimpleString, cst.ConcatenatedString)):
                if func.attr.value not in STRING_METHODS:
                    return False
            elif (
                func.attr.value.endswith("_")
                or func.attr.value in EFFECTFUL_TENSOR_METHODS
                or kind(func.value) != Kind.TENSOR
            ):
                return False
        stack.extend(node.children)
    return True


def reporting_statement(ctx, statement: cst.BaseStatement, kind) -> bool:  # type: ignore[no-untyped-def]
    """A line that only reports: ``pass`` and print / logging / warnings calls (a module
    logger's methods included) whose arguments have no side effect."""
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    for small in statement.body:
        if isinstance(small, cst.Pass):
            continue
        call = small.value if isinstance(small, cst.Expr) else None
        if not isinstance(call, cst.Call) or not pure_arguments(ctx, call, kind):
            return False
        if reporting_call(ctx, call) is None:
            return False
    return True


def reporting_call(ctx, call: cst.Call) -> Optional[str]:  # type: ignore[no-untyped-def]
    """``"print"``, ``"warnings"`` or ``"logger"`` for a call of ``print``, of ``warnings``'s
    functions, or of ``logging``'s functions and a module logger's methods; None otherwise."""
    name = ctx.qualified_name(call.func) or ""
    if name == "builtins.print":
        return "print"
    if name.startswith("warnings."):
        return "warnings"
    if name.startswith("logging."):
        return "logger"
    func = call.func
    if (
        isinstance(func, cst.Attribute)
        and func.attr.value in LOG_METHODS
        and isinstance(func.value, cst.Name)
        and func.value.value in module_loggers(ctx)
    ):
        return "logger"
    return None


# Methods of a `logging` logger that emit a record.
LOG_METHODS = frozenset(
    {"debug", "info", "warning", "warn", "error", "exception", "critical", "log", "fatal"}
)


def module_loggers(ctx) -> set[str]:  # type: ignore[no-untyped-def]
    """Module-level names bound to ``logging.getLogger(...)``."""
    names: set[str] = set()
    for stmt in ctx.module.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if isinstance(small, cst.Assign) and isinstance(small.value, cst.Call):
                if ctx.qualified_name(small.value.func) == "logging.getLogger":
                    for target in small.targets:
                        if isinstance(target.target, cst.Name):
                            names.add(target.target.value)
    return names


def in_place_method(name: str) -> bool:
    """``mul_``, ``lerp_``, ``copy_``: a tensor method that changes its tensor."""
    return name.endswith("_") and not name.startswith("_")


def or_operands(expr: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The operands of a top-level ``or`` chain, left to right (none for anything else)."""
    if type(expr) is not cst.BooleanOperation or type(expr.operator) is not cst.Or:  # type: ignore[attr-defined]
        return []
    operands: list[cst.BaseExpression] = []
    pending = [expr]
    while pending:
        node = pending.pop()
        if type(node) is cst.BooleanOperation and type(node.operator) is cst.Or:  # type: ignore[attr-defined]
            pending.extend((node.right, node.left))  # type: ignore[attr-defined]
        else:
            operands.append(node)
    return operands


def self_attribute(node: cst.CSTNode) -> Optional[str]:
    """``X`` of ``self.X``, else None."""
    if (
        type(node) is cst.Attribute
        and type(node.value) is cst.Name  # type: ignore[attr-defined]
        and node.value.value == "self"  # type: ignore[attr-defined]
    ):
        return node.attr.value  # type: ignore[attr-defined]
    return None


def self_assignments(function: cst.FunctionDef, attr: str) -> list[Optional[cst.BaseExpression]]:
    """The values ``function`` binds to ``self.<attr>`` (None for a binding without one: an
    augmented assignment, a tuple target, a ``for`` target, a bare annotation)."""
    found: list[Optional[cst.BaseExpression]] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        kind = type(node)
        if kind is cst.Assign:
            for target in node.targets:  # type: ignore[attr-defined]
                if self_attribute(target.target) == attr:
                    found.append(node.value if len(node.targets) == 1 else None)  # type: ignore[attr-defined]
                elif type(target.target) in (cst.Tuple, cst.List) and any(
                    self_attribute(e.value) == attr for e in target.target.elements
                ):
                    found.append(None)
        elif kind is cst.AnnAssign and self_attribute(node.target) == attr:  # type: ignore[attr-defined]
            found.append(node.value)  # type: ignore[attr-defined]
        elif kind in (cst.AugAssign, cst.For) and self_attribute(node.target) == attr:  # type: ignore[attr-defined]
            found.append(None)
        elif kind in (cst.FunctionDef, cst.ClassDef, cst.Lambda) and node is not function:
            return False
        return None

    walk(function, enter, lambda node: None)
    return found


# torch 2.13 `forward` signatures: (mask argument, its position) -> (is_causal argument, its
# position). When the hint is None (its default) and the mask is given, `forward` calls
# `_detect_is_causal_mask`, which compares the mask with a causal one of the sequence length
# and reads the answer with `bool((mask == causal).all())`. The layers
# (`nn.TransformerEncoderLayer`, `nn.TransformerDecoderLayer`) and `nn.MultiheadAttention`
# take `is_causal: bool = False` and do not look at the mask's values; neither does the memory
# mask (`memory_is_causal: bool = False`).
CAUSAL_HINTS: dict[str, tuple[tuple[str, int, str, int], ...]] = {
    "torch.nn.TransformerEncoder": (("mask", 1, "is_causal", 3),),
    "torch.nn.TransformerDecoder": (("tgt_mask", 2, "tgt_is_causal", 6),),
    "torch.nn.Transformer": (
        ("src_mask", 2, "src_is_causal", 8),
        ("tgt_mask", 3, "tgt_is_causal", 9),
    ),
}


# torch's builders of the additive causal mask (`-inf` above the diagonal).
CAUSAL_MASK_FACTORIES = frozenset(
    {
        "torch.nn.Transformer.generate_square_subsequent_mask",
        "torch.nn.modules.transformer.Transformer.generate_square_subsequent_mask",
        "torch.nn.modules.transformer._generate_square_subsequent_mask",
    }
)


def is_minus_infinity(ctx, value: cst.BaseExpression) -> bool:  # type: ignore[no-untyped-def]
    """``float("-inf")``, ``-float("inf")``, ``-math.inf``, ``-torch.inf``, ``-numpy.inf``."""
    sign = ""
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        value, sign = value.expression, "-"
        if ctx.qualified_name(value) in ("math.inf", "torch.inf", "numpy.inf"):
            return True
    return (
        isinstance(value, cst.Call)
        and ctx.qualified_name(value.func) == "builtins.float"
        and len(value.args) == 1
        and isinstance(value.args[0].value, cst.SimpleString)
        and sign + str(value.args[0].value.evaluated_value).strip().lower() in ("-inf", "-infinity")
    )


def argument(call: cst.Call, name: str, position: int) -> Optional[cst.Arg]:
    """The argument given for parameter ``name`` (keyword, or at ``position`` counting the
    input as 0), else None."""
    positional = 0
    for arg in call.args:
        if arg.keyword is not None:
            if arg.keyword.value == name:
                return arg
        elif not arg.star:
            if positional == position:
                return arg
            positional += 1
    return None


def is_none(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "None"


def module_alias(module: cst.Module, name: str) -> Optional[cst.BaseExpression]:
    """The value the module binds ``name`` to at its top level when that is its one binding
    there, by ``Name = value`` or ``Name: TypeAlias = value`` (None otherwise)."""
    found: list[cst.BaseExpression] = []
    for stmt in module.body:
        if type(stmt) is not cst.SimpleStatementLine:
            if type(stmt) in (cst.ClassDef, cst.FunctionDef) and stmt.name.value == name:
                return None
            continue
        for small in stmt.body:
            if type(small) is cst.Assign:
                for target in small.targets:
                    if type(target.target) is cst.Name and target.target.value == name:
                        found.append(small.value)
            elif type(small) is cst.AnnAssign and small.value is not None:
                if type(small.target) is cst.Name and small.target.value == name:
                    found.append(small.value)
            elif type(small) in (cst.Import, cst.ImportFrom):
                names = small.names
                if not isinstance(names, cst.ImportStar) and any(
                    (a.asname.name if a.asname else a.name).value == name  # type: ignore[union-attr]
                    for a in names
                    if type(a.asname.name if a.asname else a.name) is cst.Name  # type: ignore[union-attr]
                ):
                    return None
    return found[0] if len(found) == 1 else None
