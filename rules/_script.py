"""Helpers shared by the TL2xx rules (what ``torch.jit.script`` rejects or mis-types)."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import Any, Optional

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.graph_queries import assignments, parameter, self_assignments, self_attribute
from torchlint.lint.script_facts import FINALS, literal_type
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import top_level_definition, walk

SCRIPT = ("script",)


def in_script(ctx: LintContext) -> bool:
    """Whether the current node is compiled by ``torch.jit.script``. Not the body of a
    ``@functools.wraps(fn)`` wrapper: TorchScript compiles a decorated function from its
    source, which ``inspect`` finds through ``__wrapped__`` (the undecorated function's)."""
    if "script" not in ctx.targets:
        return False
    info = ctx.function_info
    while info is not None:
        if info.node.decorators and _wraps_wrapper(ctx, info.node):
            return False
        info = info.parent
    return True


def _wraps_wrapper(ctx: LintContext, node: cst.FunctionDef) -> bool:
    """A function decorated ``@functools.wraps(...)``."""
    return any(
        type(d.decorator) is cst.Call and ctx.qualified_name(d.decorator.func) == "functools.wraps"  # type: ignore[attr-defined]
        for d in node.decorators
    )


def is_method(ctx: LintContext, node: cst.FunctionDef) -> bool:
    """A method whose first parameter is ``self``/``cls`` (not a staticmethod)."""
    info = ctx.model.function_info(node)
    if info is None or info.owner_class is None or info.parent is not None:
        return False
    for dec in node.decorators:
        if ctx.qualified_name(dec.decorator) == "builtins.staticmethod":
            return False
    return True


def _storing_class(ctx: LintContext) -> Optional[str]:
    """The class of the current scripted method other than ``__init__``, where TorchScript
    checks an attribute store against the type it gave the attribute; None elsewhere."""
    info = ctx.function_info
    function = ctx.function
    if (
        info is None
        or info.owner_class is None
        or function is None
        or function.name.value == "__init__"
        or not in_script(ctx)
        or not is_method(ctx, function)
    ):
        return None
    return info.owner_class


def scripted_attribute_store(ctx: LintContext, node: cst.Assign) -> Optional[tuple[str, str]]:
    """The attribute and its owner class of ``self.<attr> = ...`` (one target) in a scripted
    method other than ``__init__``, where TorchScript checks the store against the type it
    gave the attribute; None for any other assignment."""
    if len(node.targets) != 1:
        return None
    owner = _storing_class(ctx)
    attr = self_attribute(node.targets[0].target) if owner is not None else None
    return (attr, owner) if attr is not None and owner is not None else None


def scripted_attribute_unpacked_stores(
    ctx: LintContext, node: cst.Assign
) -> list[tuple[str, str, cst.BaseExpression]]:
    """(attribute, owner class, target) of each ``self.<attr>`` that ``self.a, self.b = x, y``
    (one tuple or list target) stores in a scripted method other than ``__init__`` (TorchScript
    checks each against the attribute's type), leaving out those a ``None`` of a tuple display
    on the right stores."""
    target = node.targets[0].target if len(node.targets) == 1 else None
    if not isinstance(target, (cst.Tuple, cst.List)):
        return []
    owner = _storing_class(ctx)
    if owner is None:
        return []
    value = node.value
    values = value.elements if isinstance(value, (cst.Tuple, cst.List)) else None
    stores = []
    for index, element in enumerate(target.elements):
        attr = self_attribute(element.value)
        if attr is None:
            continue
        if values is not None and index < len(values) and is_none(values[index].value):
            continue
        stores.append((attr, owner, element.value))
    return stores


# The statements TorchScript joins a name's types at (an `if`'s branches, a loop's iterations).
BLOCKS = (cst.If, cst.For, cst.While)


def enclosing_blocks(ctx: LintContext) -> list[cst.CSTNode]:
    """The `if` / `for` / `while` statements of the current function around the node,
    outermost first (empty outside a function)."""
    statements = ctx.statements
    start = next((i for i, s in enumerate(statements) if s is ctx.function), None)
    if start is None:
        return []
    return [s for s in statements[start + 1 :] if isinstance(s, BLOCKS)]


def signature_params(ctx: LintContext, node: cst.FunctionDef) -> list[cst.Param]:
    """Parameters TorchScript types (``self``/``cls`` of a method left out)."""
    params = node.params
    ordered = [*params.posonly_params, *params.params]
    if is_method(ctx, node) and ordered:
        ordered = ordered[1:]
    return [*ordered, *params.kwonly_params]


def signature_type_comment(function: cst.FunctionDef) -> bool:
    """Whether ``function`` carries a signature type comment (``# type: (Tensor, float) ->
    Tensor`` on the ``def`` line or the line after it), which TorchScript reads as the
    annotations: its parameters are typed even without annotations."""
    body = function.body
    if not isinstance(body, cst.IndentedBlock):
        return False
    comments = [body.header.comment]
    if body.body:
        comments += [line.comment for line in body.body[0].leading_lines]
    return any(
        comment is not None
        and comment.value.lstrip("#").strip().startswith("type:")
        and "->" in comment.value
        for comment in comments
    )


def unannotated_params(ctx: LintContext) -> set[str]:
    """Parameters of the current function with neither annotation nor default: TorchScript
    types each as ``Tensor (inferred)``, whatever callers pass."""
    function = ctx.function
    if function is None or signature_type_comment(function):
        return set()
    return {
        p.name.value
        for p in signature_params(ctx, function)
        if p.annotation is None and p.default is None
    }


def inferred_tensor_parameter(
    ctx: LintContext, node: cst.BaseExpression, literal_defaults: bool = False
) -> bool:
    """Whether ``node`` is a bare name of an unannotated, default-less parameter of the current
    function that the function never rebinds: TorchScript types it as Tensor there. With
    ``literal_defaults``, also one whose default is an int / float / bool / str literal: the
    body compiles with it a Tensor too (TorchScript checks the default only after the body)."""
    if type(node) is not cst.Name or assignments(ctx.function, node.value):
        return False
    if node.value in unannotated_params(ctx):
        return True
    function = ctx.function
    return (
        literal_defaults
        and function is not None
        and any(
            p.name.value == node.value and p.annotation is None and literal_type(p.default)
            for p in signature_params(ctx, function)
        )
    )


def is_none(node: Optional[cst.BaseExpression]) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def annotation_allows_none(annotation: cst.BaseExpression) -> bool:
    """``Optional[T]``, ``Union[T, None]``, ``T | None``, ``None`` and ``Any`` accept None."""
    code = cst.Module([]).code_for_node(annotation)
    return any(word in code for word in ("Optional", "None", "Any"))


def dead_in_script(ctx: LintContext) -> bool:
    """Whether the current node sits in a branch TorchScript never compiles: the body of
    ``if p is None:`` (or the ``else`` of ``if p is not None:``) for a parameter ``p`` that
    defaults to None with no annotation. TorchScript types ``p`` as Tensor, folds the test to a
    constant and drops the branch."""
    function = ctx.function
    if function is None:
        return False
    untyped_none = {
        p.name.value
        for p in signature_params(ctx, function)
        if p.annotation is None and is_none(p.default)
    }
    if not untyped_none:
        return False
    statements = ctx.statements
    for outer, inner in zip(statements, statements[1:]):
        if type(outer) is not cst.If:
            continue
        test = outer.test
        if not (
            type(test) is cst.Comparison
            and len(test.comparisons) == 1
            and type(test.left) is cst.Name
            and test.left.value in untyped_none
            and is_none(test.comparisons[0].comparator)
        ):
            continue
        operator = type(test.comparisons[0].operator)
        in_body = any(stmt is inner for stmt in outer.body.body)
        if (operator is cst.Is and in_body) or (operator is cst.IsNot and not in_body):
            return True
    return False


def class_def(ctx: LintContext, owner: str) -> Optional[cst.ClassDef]:
    """The top-level ``class`` statement of this file named like ``owner`` (qualified)."""
    local = owner.rsplit(".", 1)[-1]
    for stmt in ctx.module.body:
        if type(stmt) is cst.ClassDef and stmt.name.value == local:
            return stmt
    return None


def class_methods(ctx: LintContext, owner: str) -> list[cst.FunctionDef]:
    """The methods of the class ``owner`` (this file), nested functions left out."""
    return [
        f.node for f in ctx.model.functions.values() if f.owner_class == owner and f.parent is None
    ]


def class_annotations(ctx: LintContext, owner: str) -> set[str]:
    """Names the class body of ``owner`` annotates (``cache: Dict[str, Tensor]``)."""
    cls = class_def(ctx, owner)
    if cls is None:
        return set()
    return {
        small.target.value
        for line in cls.body.body
        if type(line) is cst.SimpleStatementLine
        for small in line.body
        if type(small) is cst.AnnAssign and type(small.target) is cst.Name
    }


def has_constants(ctx: LintContext, owner: str) -> bool:
    """Whether the class declares ``__constants__`` or ``Final`` attributes (which TorchScript
    folds, pruning the branches they decide)."""
    cls = class_def(ctx, owner)
    if cls is None:
        return True
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        # Declarations, not words: a comment or docstring saying "Finally" declares nothing.
        nonlocal found
        if found:
            return False
        if type(node) is cst.Name and node.value == "__constants__":
            found = True  # `__constants__ = [...]` (or any use of the name in the class)
        elif type(node) is cst.Annotation:
            head = node.annotation
            if type(head) is cst.Subscript:
                head = head.value
            name = ctx.qualified_name(head)
            found = name in FINALS or (
                name is None and cst.Module([]).code_for_node(head).rsplit(".", 1)[-1] == "Final"
            )
        elif type(node) is cst.SimpleString and node.value.strip("'\"") == "__constants__":
            found = True  # `setattr(cls, "__constants__", ...)`
        return None

    walk(cls, enter, lambda node: None)
    return found


def tuple_annotation(ctx: LintContext, annotation: Optional[cst.Annotation]) -> bool:
    """``Tuple[...]`` / ``tuple[...]``, optionally in ``Optional[...]`` or ``... | None``."""
    if annotation is None:
        return False
    node = annotation.annotation
    if type(node) is cst.BinaryOperation and is_none(node.right):
        node = node.left
    if type(node) is cst.Subscript and ctx.qualified_name(node.value) == "typing.Optional":
        inner = node.slice[0].slice
        if type(inner) is not cst.Index:
            return False
        node = inner.value
    return type(node) is cst.Subscript and ctx.qualified_name(node.value) in (
        "typing.Tuple",
        "builtins.tuple",
    )


def _tuple_value(ctx: LintContext, value: Optional[cst.BaseExpression]) -> bool:
    return type(value) is cst.Tuple or (
        type(value) is cst.Call and ctx.qualified_name(value.func) == "builtins.tuple"  # type: ignore[attr-defined]
    )


def _tuple_default(ctx: LintContext, method: cst.FunctionDef, value: cst.BaseExpression) -> bool:
    """``value`` is a parameter of ``method`` whose default is a tuple display, unannotated or
    annotated as a tuple, that ``method`` never rebinds (``def __init__(self,
    out_indices=(1, 3)): self.out_indices = out_indices``: TorchScript types the attribute
    from the value the module is built with, a tuple where the default is taken)."""
    if type(value) is not cst.Name or assignments(method, value.value):
        return False
    for param in signature_params(ctx, method):
        if param.name.value == value.value:
            return (
                type(param.default) is cst.Tuple
                and param.star not in ("*", "**")
                and (param.annotation is None or tuple_annotation(ctx, param.annotation))
            )
    return False


def tuple_valued(ctx: LintContext, node: cst.BaseExpression) -> Optional[str]:
    """How ``node`` is known to be a tuple to TorchScript (``Tuple[...]`` parameter, a local
    bound only to tuple displays, a module attribute ``__init__`` sets only to tuples), else
    None."""
    found = _tuple_sources(ctx, node)
    return found[0] if found is not None else None


def tuple_length(ctx: LintContext, node: cst.BaseExpression) -> Optional[int]:
    """The length of a tuple ``tuple_valued`` knows, where every source gives the same one
    (a ``Tuple[int, int]`` annotation, displays without ``*``), else None."""
    found = _tuple_sources(ctx, node)
    if found is None:
        return None
    lengths = set()
    for value in found[1]:
        if type(value) is cst.Annotation:  # a parameter's `Tuple[A, B]`, not Optional
            inner = value.annotation
            if type(inner) is not cst.Subscript or not tuple_annotation(ctx, value):
                return None
            if ctx.qualified_name(inner.value) not in ("typing.Tuple", "builtins.tuple"):
                return None
            items = [e.slice for e in inner.slice]
            if any(type(i) is not cst.Index for i in items):
                return None
            values = [i.value for i in items]  # type: ignore[attr-defined]
            if any(type(v) is cst.Ellipsis for v in values):
                return None
            empty = len(values) == 1 and type(values[0]) is cst.Tuple and not values[0].elements
            lengths.add(0 if empty else len(values))
        elif type(value) is cst.Tuple and not any(
            type(e) is cst.StarredElement for e in value.elements
        ):
            lengths.add(len(value.elements))
        else:
            return None
    return lengths.pop() if len(lengths) == 1 else None


def _tuple_sources(
    ctx: LintContext, node: cst.BaseExpression
) -> Optional[tuple[str, list[cst.CSTNode]]]:
    """(how ``node`` is known to be a tuple, the annotation or values that say so)."""
    function = ctx.function
    if function is None:
        return None
    if type(node) is cst.Name:
        bound = assignments(function, node.value)
        params = {p.name.value: p for p in signature_params(ctx, function)}
        param = params.get(node.value)
        if param is not None:
            if not bound and tuple_annotation(ctx, param.annotation):
                return f"`{node.value}` is annotated as a tuple", [param.annotation]  # type: ignore[list-item]
            return None
        if bound and all(type(v) is cst.Tuple and size == 1 for v, _, size in bound):
            return f"`{node.value}` is bound to a tuple", [v for v, _, _ in bound]
        return None
    attr = self_attribute(node)
    info = ctx.function_info
    if attr is None or info is None or info.owner_class is None or not is_method(ctx, function):
        return None
    owner = info.owner_class
    if attr in class_annotations(ctx, owner) or has_constants(ctx, owner):
        return None
    bound = [(m, v) for m in class_methods(ctx, owner) for v in self_assignments(m, attr)]
    values = [v for _, v in bound]
    init = [m for m in class_methods(ctx, owner) if m.name.value == "__init__"]
    if not init or not values:
        return None
    if not all(_tuple_value(ctx, v) or _tuple_default(ctx, m, v) for m, v in bound):
        return None
    if not self_assignments(init[0], attr):
        return None
    return f"`__init__` sets `self.{attr}` to a tuple", values  # type: ignore[return-value]


COMPARE = {
    cst.Equal: lambda a, b: a == b,
    cst.NotEqual: lambda a, b: a != b,
    cst.LessThan: lambda a, b: a < b,
    cst.GreaterThan: lambda a, b: a > b,
    cst.LessThanEqual: lambda a, b: a <= b,
    cst.GreaterThanEqual: lambda a, b: a >= b,
    cst.In: lambda a, b: a in b,
    cst.NotIn: lambda a, b: a not in b,
    cst.Is: lambda a, b: a is b,
    cst.IsNot: lambda a, b: a is not b,
}


def literal_value(node: cst.BaseExpression, defaults: dict[str, cst.BaseExpression]) -> Any:
    """The Python value of a literal (a parameter name standing for its literal default);
    ``...`` when it is not one."""
    key = self_attribute(node)
    key = f"self.{key}" if key is not None else getattr(node, "value", None)
    if type(node) in (cst.Name, cst.Attribute) and key in defaults:
        node = defaults[key]  # type: ignore[index]
    if type(node) in (cst.Tuple, cst.List):
        items = [literal_value(e.value, {}) for e in node.elements]  # type: ignore[attr-defined]
        return ... if any(i is ... for i in items) else tuple(items)
    try:
        return ast.literal_eval(cst.Module([]).code_for_node(node))
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return ...


def value_with(test: cst.BaseExpression, defaults: dict[str, cst.BaseExpression]) -> Any:
    """The truth of ``test`` when its names are constructor parameters at their literal
    defaults (``use_bn``, ``not use_bn``, ``mode == "pure"``); ``None`` when it is not known.
    Compared on parsed literals, never evaluated as code."""
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:  # type: ignore[attr-defined]
        inner = value_with(test.expression, defaults)  # type: ignore[attr-defined]
        return None if inner is None else not inner
    if type(test) is cst.BooleanOperation:
        left = value_with(test.left, defaults)  # type: ignore[attr-defined]
        right = value_with(test.right, defaults)  # type: ignore[attr-defined]
        if type(test.operator) is cst.And:  # type: ignore[attr-defined]
            return False if False in (left, right) else (None if None in (left, right) else True)
        return True if True in (left, right) else (None if None in (left, right) else False)
    if type(test) is cst.Comparison and len(test.comparisons) == 1:  # type: ignore[attr-defined]
        target = test.comparisons[0]  # type: ignore[attr-defined]
        compare = COMPARE.get(type(target.operator))
        left = literal_value(test.left, defaults)  # type: ignore[attr-defined]
        right = literal_value(target.comparator, defaults)
        if type(target.operator) in (cst.Equal, cst.NotEqual) and (left is ... or right is ...):
            # `in_dim != out_dim` with both bound to the same name or attribute chain
            # (`Block(self.size, self.size)`): reading one value twice, equal.
            same = _chain(test.left, defaults)  # type: ignore[attr-defined]
            if same is not None and same == _chain(target.comparator, defaults):
                return type(target.operator) is cst.Equal
        if compare is None or left is ... or right is ...:
            return None
        try:
            return bool(compare(left, right))
        except TypeError:
            return None
    if type(test) in (cst.Name, cst.Attribute):
        key = self_attribute(test)
        key = f"self.{key}" if key is not None else getattr(test, "value", None)
        bound = defaults.get(key) if isinstance(key, str) else None
        if type(bound) in (cst.Comparison, cst.BooleanOperation, cst.UnaryOperation):
            # `self.project = self.in_dim != self.out_dim`, tested as `if self.project:`.
            return value_with(bound, {k: v for k, v in defaults.items() if k != key})  # type: ignore[arg-type]
        value = literal_value(test, defaults)
        return None if value is ... else bool(value)
    return None


def _chain(node: cst.BaseExpression, defaults: dict[str, cst.BaseExpression]) -> Optional[str]:
    """The code of a name or attribute chain (``size``, ``self.cfg.size``), after putting what
    ``defaults`` binds for a name or ``self.<attr>``; None for anything else."""
    key = self_attribute(node)
    key = f"self.{key}" if key is not None else getattr(node, "value", None)
    if type(node) in (cst.Name, cst.Attribute) and isinstance(key, str) and key in defaults:
        node = defaults[key]
    probe = node
    while type(probe) is cst.Attribute:
        probe = probe.value  # type: ignore[attr-defined]
    if type(probe) is not cst.Name:
        return None
    return cst.Module([]).code_for_node(node)


def is_dataclass(ctx: LintContext, qualname: str) -> bool:
    """Whether ``qualname`` is a class of the project decorated ``@dataclass`` (or
    ``@dataclass(...)``); torch 2.13 cannot compile one as a TorchScript class."""
    info = ctx.index.class_info(qualname)
    return info is not None and "dataclasses.dataclass" in info[1].decorators


def function_returns(function: cst.FunctionDef) -> list[Optional[cst.BaseExpression]]:
    """The values of ``function``'s ``return`` statements (nested functions left out)."""
    found: list[Optional[cst.BaseExpression]] = []

    def enter(child: cst.CSTNode) -> Optional[bool]:
        if isinstance(child, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return child is function
        if isinstance(child, cst.Return):
            found.append(child.value)
        return None

    walk(function, enter, lambda child: None)
    return found


def attribute_number_type(ctx: LintContext, value: cst.Attribute) -> Optional[str]:
    """``int`` / ``float`` for ``self.<attr>`` that every assignment of the class's
    ``__init__`` binds to a parameter annotated so (``self.scale = scale`` with ``scale:
    float``) or to such a literal; None when any other method stores it too."""
    attr = self_attribute(value)
    info = ctx.function_info
    if attr is None or info is None or not info.owner_class:
        return None
    module = ctx.model.summary.module
    local = info.owner_class.removeprefix(f"{module}.") if module else info.owner_class
    owner = top_level_definition(ctx.module, local)
    if not isinstance(owner, cst.ClassDef):
        return None
    methods = [m for m in owner.body.body if isinstance(m, cst.FunctionDef)]
    init = next((m for m in methods if m.name.value == "__init__"), None)
    if init is None or any(self_assignments(m, attr) for m in methods if m is not init):
        return None
    values = self_assignments(init, attr)
    types = set()
    for bound in values:
        if bound is None:
            return None
        literal = literal_type(bound)
        if literal in ("int", "float"):
            types.add(literal)
            continue
        param = next(
            (
                p
                for p in init.params.params
                if isinstance(bound, cst.Name) and p.name.value == bound.value
            ),
            None,
        )
        annotation = param.annotation.annotation if param and param.annotation else None
        if not isinstance(annotation, cst.Name) or annotation.value not in ("int", "float"):
            return None
        types.add(annotation.value)
    return types.pop() if len(types) == 1 else None


def built_number_type(ctx: LintContext, value: cst.BaseExpression) -> Optional[str]:
    """``int`` / ``float`` for ``self.<attr>`` whose type TorchScript infers as that one for
    every module of the class this file builds: ``attribute_number_type``'s, else the type
    of the literal one top-level statement of ``__init__`` sets it to (directly or through a
    parameter) at each construction of the class in this file (at the defaults where it
    builds none). None where the class body annotates the attribute, ``__init__`` annotates
    it, or the class declares constants (TorchScript types those by the annotation)."""
    known = attribute_number_type(ctx, value) if type(value) is cst.Attribute else None
    if known is not None:
        return known
    attr = self_attribute(value)
    info = ctx.function_info
    if attr is None or info is None or not info.owner_class:
        return None
    owner = info.owner_class
    if attr in class_annotations(ctx, owner) or has_constants(ctx, owner):
        return None
    init = next((m for m in class_methods(ctx, owner) if m.name.value == "__init__"), None)
    if init is None:
        return None
    annotated = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal annotated
        if type(node) is cst.AnnAssign and self_attribute(node.target) == attr:  # type: ignore[attr-defined]
            annotated = True
        return None

    walk(init.body, enter, lambda node: None)
    if annotated:
        return None
    built = _built_values(ctx, owner, {attr})
    if not built:
        return None
    types = {literal_type(values.get(f"self.{attr}")) for values in built}
    found = types.pop() if len(types) == 1 else None
    return found if found in ("int", "float") else None


def _method_statements(ctx: LintContext) -> Optional[tuple[cst.CSTNode, ...]]:
    """The statements around the current node inside the current method, outermost first;
    None outside a method of a class."""
    function = ctx.function
    info = ctx.function_info
    if function is None or info is None or info.owner_class is None:
        return None
    statements = ctx.statements
    if function not in statements:
        return None
    return statements[statements.index(function) + 1 :]


def pruned_by_constant(ctx: LintContext) -> bool:
    """Whether the current node sits in a branch of an ``if`` (in the current function) that
    TorchScript may drop: its test reads an attribute the class declares a constant (``Final``
    / ``__constants__``, folded to its value), or tests ``self.X is None`` / ``is not None``
    for an attribute ``__init__`` only sets to None (typed ``NoneType``, folded). Either side
    of such an ``if`` may be the dropped one; torch 2.13 compiles neither the body of ``if
    self.debug:`` with ``debug: Final[bool] = False`` nor what it holds."""
    chain = _method_statements(ctx)
    info = ctx.function_info
    if chain is None or info is None or info.owner_class is None:
        return False
    tests = [s.test for s in chain if type(s) is cst.If]
    if not tests:
        return False
    constants = constant_attributes(ctx, info.owner_class)
    nones = _none_attributes(ctx, info.owner_class)
    for test in tests:
        found = False

        def enter(node: cst.CSTNode) -> Optional[bool]:
            nonlocal found
            attr = self_attribute(node)
            if attr is not None and attr in constants:
                found = True
            if type(node) is cst.Comparison and len(node.comparisons) == 1:
                operator = type(node.comparisons[0].operator)
                left = self_attribute(node.left)
                if (
                    operator in (cst.Is, cst.IsNot)
                    and left in nones
                    and is_none(node.comparisons[0].comparator)
                ):
                    found = True
            return False if found else None

        walk(test, enter, lambda node: None)
        if found:
            return True
    return False


ENUM_BASES = frozenset(f"enum.{n}" for n in ("Enum", "IntEnum", "Flag", "IntFlag", "StrEnum"))


def is_enum_class(ctx: LintContext, value: cst.BaseExpression) -> bool:
    """A name of a class this file defines with an ``enum`` base (``Enum``, ``IntEnum``,
    ...), not rebound in the current function."""
    if type(value) is not cst.Name or assignments(ctx.function, value.value):  # type: ignore[attr-defined]
        return False
    for statement in ctx.module.body:
        if type(statement) is cst.ClassDef and statement.name.value == value.value:  # type: ignore[attr-defined]
            return any(
                (ctx.qualified_name(base.value) or "") in ENUM_BASES for base in statement.bases
            )
    return False


def enum_member(ctx: LintContext, node: cst.BaseExpression) -> Optional[str]:
    """The code of the enum member ``node`` surely is to TorchScript (an ``Enum<...>`` value,
    no int even for an ``IntEnum``): ``Level.FINE`` of an enum class of this file, a local
    bound only to members of one class, or a parameter annotated with the class."""
    if type(node) is cst.Attribute and is_enum_class(ctx, node.value):  # type: ignore[attr-defined]
        if node.attr.value in ("value", "name") or node.attr.value.startswith("_"):  # type: ignore[attr-defined]
            return None
        return cst.Module([]).code_for_node(node)
    function = ctx.function
    if type(node) is not cst.Name or function is None:
        return None
    name = node.value  # type: ignore[attr-defined]
    for param in signature_params(ctx, function):
        if param.name.value == name:
            annotation = param.annotation.annotation if param.annotation is not None else None
            if (
                annotation is not None
                and is_enum_class(ctx, annotation)
                and not assignments(function, name)
            ):
                return name
            return None
    bound = assignments(function, name)
    members = [
        enum_member(ctx, v) if size == 1 and type(v) is cst.Attribute else None
        for v, _, size in bound
    ]
    classes = {m.split(".")[0] for m in members if m is not None}
    if bound and all(members) and len(classes) == 1:
        return name
    return None


def tensor_sequence_annotation(ctx: LintContext, annotation: Optional[cst.BaseExpression]) -> bool:
    """``List[Tensor]`` / ``Tuple[Tensor, ...]`` / ``Tuple[Tensor, Tensor]`` (``list[...]``,
    ``tuple[...]`` too)."""
    if type(annotation) is not cst.Subscript or not annotation.slice:  # type: ignore[attr-defined]
        return False
    container = ctx.qualified_name(annotation.value)  # type: ignore[attr-defined]
    if container not in ("typing.List", "builtins.list", "typing.Tuple", "builtins.tuple"):
        return False
    items = [e.slice.value for e in annotation.slice if type(e.slice) is cst.Index]  # type: ignore[attr-defined]
    return (
        bool(items)
        and ctx.qualified_name(items[0]) == "torch.Tensor"
        and all(ctx.qualified_name(i) == "torch.Tensor" or type(i) is cst.Ellipsis for i in items)
    )


def constant_dead_branch(ctx: LintContext) -> bool:
    """Whether the current node sits in a branch of an ``if`` (in the current method) that
    TorchScript drops for every module of the class this file builds: the test, with the
    class's constants (``Final`` / ``__constants__``) at the values each construction gives
    them, is decided against the branch. torch 2.13 folds such a constant and compiles only the
    branch it takes (``if self.use_checkpoint:`` with ``use_checkpoint: Final[bool]`` False
    compiles no ``checkpoint(...)`` call; built True, it fails). A constant counts when one
    top-level statement of ``__init__`` sets it, to a literal or a parameter, and no other
    method sets it; the constructions are the calls of the class in this file, by literal
    arguments (the defaults where the file builds none); the class named anywhere else (a
    base, a value passed around) decides nothing."""
    chain = _method_statements(ctx)
    info = ctx.function_info
    if chain is None or info is None or info.owner_class is None:
        return False
    branches = _branches(chain)
    if not branches:
        return False
    constants = constant_attributes(ctx, info.owner_class)
    if not constants:
        return False
    built = _built_values(ctx, info.owner_class, constants)
    if built is None:
        return False
    for defaults in built:
        for outer, in_body in branches:
            taken = value_with(outer.test, defaults)  # type: ignore[attr-defined]
            if taken is not None and taken is not in_body:
                break
        else:
            return False  # this construction compiles the branch
    return True


def runs_as_built(ctx: LintContext) -> bool:
    """Whether the current node, inside a method, is reached by every ``if`` around it for
    every module of the class this file builds: each test, with the attributes one top-level
    statement of ``__init__`` sets (to a literal or a parameter, no other method setting
    them) at the values each construction gives them, is decided toward the node
    (``if self.grad_checkpointing:`` with ``grad_checkpointing: bool = True`` and no call of
    the class passing False). Only ``if`` statements may enclose it (no loop, ``with`` or
    ``try``); a test these values do not decide (``self.training``, ``is_scripting()``)
    decides nothing, and neither does a class the file names otherwise."""
    chain = _method_statements(ctx)
    info = ctx.function_info
    if chain is None or info is None or info.owner_class is None:
        return False
    if any(type(s) not in (cst.If, cst.SimpleStatementLine) for s in chain):
        return False
    branches = _branches(chain)
    if not branches:
        return True
    built = _built_values(ctx, info.owner_class, None)
    if not built:
        return False
    return all(
        value_with(outer.test, defaults) is in_body  # type: ignore[attr-defined]
        for defaults in built
        for outer, in_body in branches
    )


def built_constants(ctx: LintContext, owner: str) -> Optional[list[dict[str, Any]]]:
    """For each module of class ``owner`` this file builds (one with the defaults where it
    builds none), the Python value of each constant (``Final`` / ``__constants__``) one
    top-level statement of ``__init__`` sets to a literal or a parameter: ``{"flag": False}``
    (``...`` where the value is no literal). None where the class has no such constant or
    its constructions are not known (``_built_values``)."""
    constants = constant_attributes(ctx, owner)
    if not constants:
        return None
    built = _built_values(ctx, owner, constants)
    if not built:
        return None
    return [
        {key[len("self.") :]: literal_value(value, {}) for key, value in defaults.items()}
        for defaults in built
    ]


def _branches(chain: Sequence[cst.CSTNode]) -> list[tuple[cst.If, bool]]:
    """Each ``if`` of ``chain`` (statements outermost first) with whether the next statement
    sits in its body (else in its ``else`` / ``elif``)."""
    return [
        (outer, any(stmt is inner for stmt in outer.body.body))  # type: ignore[attr-defined]
        for outer, inner in zip(chain, chain[1:])
        if type(outer) is cst.If
    ]


def attribute_literals(ctx: LintContext, value: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The literals ``self.<attr>`` holds, one per construction of the current class in this
    file (``_built_values``'s); empty where any is unknown."""
    attr = self_attribute(value)
    info = ctx.function_info
    if attr is None or info is None or not info.owner_class:
        return []
    built = _built_values(ctx, info.owner_class, {attr})
    if not built or any(f"self.{attr}" not in values for values in built):
        return []
    return [values[f"self.{attr}"] for values in built]


def _built_values(
    ctx: LintContext, owner: str, attributes: Optional[set[str]]
) -> Optional[list[dict[str, cst.BaseExpression]]]:
    """For each construction of class ``owner`` in this file (one with the defaults where it
    builds none), the literal each attribute (of ``attributes``; any where None) holds:
    ``{"self.flag": <literal>}``, for the attributes one top-level statement of ``__init__``
    sets to a literal or a parameter and no other method sets. None where this is unknown
    (the class named otherwise, a ``*args`` construction)."""
    cls = class_def(ctx, owner)
    methods = class_methods(ctx, owner)
    init = next((m for m in methods if m.name.value == "__init__"), None)
    if cls is None or init is None:
        return None
    params = [*init.params.params, *init.params.kwonly_params]
    names = [p.name.value for p in params]
    sources: dict[str, cst.BaseExpression] = {}  # attribute -> its literal or parameter
    for stmt in init.body.body:
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            if type(small) not in (cst.Assign, cst.AnnAssign):
                continue
            targets = (
                [t.target for t in small.targets]  # type: ignore[attr-defined]
                if type(small) is cst.Assign
                else [small.target]  # type: ignore[attr-defined]
            )
            attr = self_attribute(targets[0]) if len(targets) == 1 else None
            if (
                attr is not None
                and (attributes is None or attr in attributes)
                and small.value is not None  # type: ignore[attr-defined]
            ):
                sources[attr] = small.value  # type: ignore[attr-defined]
    for attr in list(sources):
        value = sources[attr]
        setters = sum(len(self_assignments(m, attr)) for m in methods)
        if (
            setters != 1
            or (
                type(value) is cst.Name
                and value.value not in _LITERAL_NAMES  # type: ignore[attr-defined]
                and (value.value not in names[1:] or assignments(init, value.value))  # type: ignore[attr-defined]
            )
        ):
            del sources[attr]
    if not sources:
        return None
    sites = _constructions(ctx, cls)
    if sites is None:
        return None
    built: list[dict[str, cst.BaseExpression]] = []
    for site in sites or [None]:
        bound: dict[str, cst.BaseExpression] = {
            p.name.value: p.default for p in params if p.default is not None
        }
        if site is not None:
            positional = [a for a in site if a.keyword is None]
            if any(a.star for a in site) or len(positional) > len(names) - 1:
                return None
            bound.update({name: a.value for name, a in zip(names[1:], positional)})
            bound.update({a.keyword.value: a.value for a in site if a.keyword is not None})  # type: ignore[union-attr]
        defaults: dict[str, cst.BaseExpression] = {}
        for attr, value in sources.items():
            if type(value) is cst.Name and value.value not in _LITERAL_NAMES:  # type: ignore[attr-defined]
                if value.value not in bound:  # type: ignore[attr-defined]
                    continue
                value = bound[value.value]  # type: ignore[attr-defined]
            defaults[f"self.{attr}"] = value
        built.append(defaults)
    return built


# Names that are literals (``self.flag = False``), not parameters.
_LITERAL_NAMES = frozenset({"True", "False", "None"})


def _constructions(ctx: LintContext, cls: cst.ClassDef) -> Optional[list[Sequence[cst.Arg]]]:
    """The arguments of each call of ``cls`` in this file, by its name or a module-level alias
    (``Model = Stage``); None where the file names the class otherwise (a base, a value)."""
    cached = _CONSTRUCTIONS.get(id(cls))
    if cached is not None and cached[0] is cls:
        return cached[1]
    if len(_CONSTRUCTIONS) > 256:
        _CONSTRUCTIONS.clear()
    names = {cls.name.value}
    exempt: set[int] = {id(cls.name)}
    for stmt in ctx.module.body:
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            if (
                type(small) is cst.Assign
                and len(small.targets) == 1
                and type(small.targets[0].target) is cst.Name
                and type(small.value) is cst.Name
                and small.value.value == cls.name.value
            ):
                names.add(small.targets[0].target.value)
                exempt.update((id(small.targets[0].target), id(small.value)))
    calls: list[Sequence[cst.Arg]] = []
    other = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal other
        if type(node) is cst.Call and type(node.func) is cst.Name and node.func.value in names:  # type: ignore[attr-defined]
            calls.append(node.args)  # type: ignore[attr-defined]
            exempt.add(id(node.func))  # type: ignore[attr-defined]
        elif (
            type(node) is cst.Call
            and type(node.func) is cst.Name  # type: ignore[attr-defined]
            and node.func.value == "super"  # type: ignore[attr-defined]
            and len(node.args) == 2  # type: ignore[attr-defined]
            and type(node.args[0].value) is cst.Name  # type: ignore[attr-defined]
        ):
            # `super(Stage, self).__init__()`: Python 2's spelling of `super()`, which
            # builds nothing and hands the class to no one.
            exempt.add(id(node.args[0].value))  # type: ignore[attr-defined]
        elif type(node) is cst.Name and node.value in names:  # type: ignore[attr-defined]
            if id(node) not in exempt:
                other = True
        return None

    walk(ctx.module, enter, lambda node: None)
    _CONSTRUCTIONS[id(cls)] = (cls, None if other else calls)
    return None if other else calls


# id(class node) -> (the node, its constructions); the node is kept so its id is not reused.
_CONSTRUCTIONS: dict[int, tuple[cst.ClassDef, Optional[list[Sequence[cst.Arg]]]]] = {}


def constant_attributes(ctx: LintContext, owner: str) -> set[str]:
    """Attributes the class body annotates ``Final[...]`` or names in ``__constants__``."""
    cls = class_def(ctx, owner)
    found: set[str] = set()
    if cls is None:
        return found
    for line in cls.body.body:
        if type(line) is not cst.SimpleStatementLine:
            continue
        for small in line.body:
            if type(small) is cst.AnnAssign and type(small.target) is cst.Name:
                annotation = small.annotation.annotation
                base = annotation.value if type(annotation) is cst.Subscript else annotation
                if ctx.qualified_name(base) in FINALS:
                    found.add(small.target.value)
            elif type(small) is cst.Assign and any(
                type(t.target) is cst.Name and t.target.value == "__constants__"
                for t in small.targets
            ):
                if isinstance(small.value, (cst.List, cst.Tuple, cst.Set)):
                    found.update(
                        e.value.evaluated_value
                        for e in small.value.elements
                        if type(e.value) is cst.SimpleString
                        and isinstance(e.value.evaluated_value, str)
                    )
    return found


def _none_attributes(ctx: LintContext, owner: str) -> set[str]:
    """Attributes every assignment of which, in the class's ``__init__``, is ``None`` (and no
    other method assigns)."""
    found: set[str] = set()
    methods = class_methods(ctx, owner)
    init = next((m for m in methods if m.name.value == "__init__"), None)
    if init is None:
        return found
    candidates: set[str] = set()

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) is cst.AssignTarget:
            attr = self_attribute(node.target)
            if attr is not None:
                candidates.add(attr)
        return None

    walk(init.body, enter, lambda node: None)
    for attr in candidates:
        values = [v for m in methods for v in self_assignments(m, attr)]
        if values and all(is_none(v) for v in values):
            found.add(attr)
    return found


def call_return_annotation(
    ctx: LintContext, func: cst.BaseExpression
) -> Optional[cst.BaseExpression]:
    """The return annotation of what a call of ``func`` runs: ``forward`` of the class
    (this file) of the submodule ``self.<attr>``, a method ``self.<name>`` of the current
    class, or a function of this file."""
    definition: Optional[cst.FunctionDef] = None
    attr = self_attribute(func)
    info = ctx.function_info
    if attr is not None and info is not None and info.owner_class is not None:
        cls = ctx.index.attribute_class(info.owner_class, attr)
        found = ctx.index.find_method(cls, "forward") if cls else None
        same_file = found is not None and found[1].module == ctx.model.summary.module
        owner = class_def(ctx, found[0].rsplit(".", 1)[0]) if same_file else None
        if owner is not None:
            definition = next(
                (
                    s
                    for s in owner.body.body
                    if isinstance(s, cst.FunctionDef) and s.name.value == "forward"
                ),
                None,
            )
        elif cls is None:
            definition = next(
                (m for m in class_methods(ctx, info.owner_class) if m.name.value == attr),
                None,
            )
    elif isinstance(func, cst.Name):
        definition = next(
            (
                s
                for s in ctx.module.body
                if isinstance(s, cst.FunctionDef) and s.name.value == func.value
            ),
            None,
        )
    if definition is None or definition.returns is None:
        return None
    return definition.returns.annotation


def python_module(ctx: LintContext, node: cst.BaseExpression) -> Optional[str]:
    """The dotted name of the Python module ``node`` names (``F`` of ``import
    torch.nn.functional as F``, ``math``, a module of the project): an import binds it and it
    is a module, not a function or class, of the standard library, the project or an installed
    package (found without importing anything). None for anything else."""
    if type(node) not in (cst.Name, cst.Attribute):
        return None
    root = node
    while type(root) is cst.Attribute:
        root = root.value  # type: ignore[attr-defined]
    if type(root) is not cst.Name or root.value not in ctx.model.summary.imports:  # type: ignore[attr-defined]
        return None
    function = ctx.function
    if function is not None and assignments(function, root.value):  # type: ignore[attr-defined]
        return None
    name = ctx.qualified_name(node)
    if not name or name.startswith("builtins."):
        return None
    if ctx.index.get_module(name) is not None:
        return name
    from torchlint.lint.library_source import _package_file, stdlib_module_names  # noqa: PLC0415

    top = name.split(".")[0]
    if top in stdlib_module_names():
        if "." not in name:
            return name
        import importlib.util  # noqa: PLC0415

        try:
            return name if importlib.util.find_spec(name) is not None else None
        except (ImportError, ValueError, AttributeError):
            return None
    return name if _package_file(name) is not None else None


def tensor_container(ctx: LintContext, node: cst.BaseExpression) -> Optional[str]:
    """What ``node`` is when it is a tensor or a list / tuple of tensors: a value the kind
    inference knows, a display of tensors, a parameter or local annotated
    ``List[Tensor]`` / ``Tuple[Tensor, ...]``."""
    kind = ctx.kind(node)
    if kind is Kind.TENSOR:
        return "a tensor"
    if isinstance(node, (cst.List, cst.Tuple)) and node.elements:
        if all(ctx.kind(e.value) is Kind.TENSOR for e in node.elements):
            return "a list of tensors" if isinstance(node, cst.List) else "a tuple of tensors"
        return None
    if kind is Kind.TENSORS:
        return "a list of tensors"
    function = ctx.function
    if not isinstance(node, cst.Name) or function is None:
        return None
    param = parameter(function, node.value)
    if param is not None:
        annotation = param.annotation.annotation if param.annotation is not None else None
        return "a list of tensors" if tensor_sequence_annotation(ctx, annotation) else None
    annotated: list[cst.BaseExpression] = []

    def enter(child: cst.CSTNode) -> Optional[bool]:
        if isinstance(child, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return child is function
        if (
            isinstance(child, cst.AnnAssign)
            and isinstance(child.target, cst.Name)
            and child.target.value == node.value
        ):
            annotated.append(child.annotation.annotation)
        return None

    walk(function, enter, lambda child: None)
    if annotated and all(tensor_sequence_annotation(ctx, a) for a in annotated):
        return "a list of tensors"
    return None
