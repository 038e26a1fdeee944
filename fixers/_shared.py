"""Helpers several fixers share: where a name is used, and how."""

from __future__ import annotations

from collections.abc import Collection
from typing import Callable, Optional, Union

import libcst as cst

from torchlint.lint.fixes import Fixer
from torchlint.lint.graph_queries import self_assignments
from torchlint.lint.walk import top_level_definition, walk


def names_in(root: cst.CSTNode) -> list[cst.Name]:
    found: list[cst.Name] = []
    walk(
        root,
        lambda node: found.append(node) if isinstance(node, cst.Name) else None,
        lambda node: None,
    )
    return found


def variable_uses(fixer: Fixer, scope: cst.CSTNode, name: str) -> list[cst.Name]:
    """``Name`` nodes in ``scope`` that read or write the variable ``name`` (not ``x.name``,
    not ``f(name=...)``)."""
    uses = []
    for node in names_in(scope):
        if node.value != name:
            continue
        parent = fixer.parent(node)
        if isinstance(parent, cst.Attribute) and parent.attr is node:
            continue
        if isinstance(parent, cst.Arg) and parent.keyword is node:
            continue
        uses.append(node)
    return uses


def variables_read(root: cst.CSTNode) -> list[cst.Name]:
    """The variable names in ``root`` (``x`` of ``x.attr``, not ``attr``)."""
    found: list[cst.Name] = []

    class _Collect(cst.CSTVisitor):
        def visit_Name(self, name: cst.Name) -> None:
            found.append(name)

        def visit_Attribute(self, attribute: cst.Attribute) -> bool:
            attribute.value.visit(self)
            return False

        def visit_Arg(self, arg: cst.Arg) -> bool:
            arg.value.visit(self)
            return False

    root.visit(_Collect())
    return found


def scope_of(fixer: Fixer, node: cst.CSTNode) -> cst.CSTNode:
    function = fixer.enclosing_function(node)
    return function if function is not None else fixer.ctx.module


def single_assigned_name(fixer: Fixer, value: cst.BaseExpression) -> Optional[cst.Name]:
    """``name = <value>``: the target, when ``value`` is the whole value of a one-target
    assignment."""
    assign = fixer.parent(value)
    if isinstance(assign, cst.Assign) and assign.value is value and len(assign.targets) == 1:
        target = assign.targets[0].target
        if isinstance(target, cst.Name):
            return target
    return None


def is_called(fixer: Fixer, name: cst.Name) -> bool:
    parent = fixer.parent(name)
    return isinstance(parent, cst.Call) and parent.func is name


def self_attribute_of_class(
    fixer: Fixer, node: cst.BaseExpression
) -> Optional[tuple[str, cst.ClassDef]]:
    """``(attr, class)`` for ``self.<attr>`` inside a class definition, else None."""
    if not (
        isinstance(node, cst.Attribute)
        and isinstance(node.value, cst.Name)
        and node.value.value == "self"
    ):
        return None
    cls = next((a for a in fixer.ancestors(node) if isinstance(a, cst.ClassDef)), None)
    return (node.attr.value, cls) if cls is not None else None


def is_docstring(stmt: cst.CSTNode) -> bool:
    """Whether ``stmt`` is a statement holding a string alone (a docstring in first place)."""
    return (
        isinstance(stmt, cst.SimpleStatementLine)
        and len(stmt.body) == 1
        and isinstance(stmt.body[0], cst.Expr)
        and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def final_attribute_init(cls: Optional[cst.ClassDef], attr: str) -> Optional[cst.FunctionDef]:
    """The ``__init__`` of ``cls`` when ``attr`` can be annotated ``Final`` in its body: an
    undecorated class whose body holds only functions and simple statements, none of which
    binds or annotates ``attr`` already; None otherwise."""
    if cls is None or not isinstance(cls.body, cst.IndentedBlock) or cls.decorators:
        return None
    init = None
    for line in cls.body.body:
        if isinstance(line, cst.FunctionDef):
            if line.name.value == "__init__":
                init = line
        elif isinstance(line, cst.SimpleStatementLine):
            for small in line.body:
                target = getattr(small, "target", None)
                targets = [t.target for t in getattr(small, "targets", ())] + [target]
                if any(isinstance(t, cst.Name) and t.value == attr for t in targets):
                    return None  # the class body binds or annotates it already
        else:
            return None
    return init


def class_body_annotation(
    cls: cst.ClassDef, statement: str
) -> Optional[list[tuple[cst.CSTNode, cst.CSTNode]]]:
    """The replacement that puts ``statement`` (``"exit_at: Final[int]"``) first in the body
    of ``cls``, after its docstring (which stays the class's ``__doc__``); None when the class
    holds nothing but a docstring."""
    if not isinstance(cls.body, cst.IndentedBlock):
        return None
    lines = list(cls.body.body)
    at = 1 if lines and is_docstring(lines[0]) else 0
    if at >= len(lines):
        return None
    first = lines[at]
    annotation = cst.parse_statement(f"{statement}\n")
    return [
        (
            first,
            cst.FlattenSentinel(
                [
                    annotation.with_changes(leading_lines=first.leading_lines),
                    first.with_changes(leading_lines=[cst.EmptyLine(indent=False)]),
                ]
            ),
        )
    ]


def assigned_values(
    fixer: Fixer, root: cst.CSTNode, target: str
) -> list[Optional[cst.BaseExpression]]:
    """What each binding in ``root`` of the target spelled ``target`` (``self.scales``,
    ``feats``) assigns: the value of a plain or annotated ``=``, None for an annotation alone,
    an augmented assignment, a loop target or a ``with ... as``."""
    values: list[Optional[cst.BaseExpression]] = []

    def enter(node: cst.CSTNode) -> None:
        if isinstance(node, cst.Assign):
            for item in node.targets:
                if fixer.code(item.target).strip() == target:
                    values.append(node.value)
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign, cst.For, cst.AsName)):
            bound = node.name if isinstance(node, cst.AsName) else node.target
            if fixer.code(bound).strip() == target:
                values.append(node.value if isinstance(node, cst.AnnAssign) else None)

    walk(root, enter, lambda node: None)
    return values


def super_init_statement(statement: cst.BaseStatement) -> bool:
    """``super().__init__(...)`` as a statement of its own."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return False
    small = statement.body[0]
    call = small.value if isinstance(small, cst.Expr) else None
    return (
        isinstance(call, cst.Call)
        and isinstance(call.func, cst.Attribute)
        and call.func.attr.value == "__init__"
        and isinstance(call.func.value, cst.Call)
        and isinstance(call.func.value.func, cst.Name)
        and call.func.value.func.value == "super"
    )


def annotated_parameter(function: cst.FunctionDef, name: str) -> Optional[str]:
    """The annotation of parameter ``name`` of ``function`` when it is a plain name (``p:
    Point`` -> "Point"); "" for a parameter annotated otherwise or not at all; None when
    ``name`` is no parameter of ``function``."""
    params = function.params
    for param in (*params.posonly_params, *params.params, *params.kwonly_params):
        if param.name.value == name:
            annotation = param.annotation.annotation if param.annotation else None
            return annotation.value if isinstance(annotation, cst.Name) else ""
    return None


def class_methods(cls: cst.ClassDef) -> list[cst.FunctionDef]:
    """The methods defined in the body of ``cls``."""
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else []
    return [s for s in body if isinstance(s, cst.FunctionDef)]


def set_once_in_init(
    fixer: Fixer,
    cls: cst.ClassDef,
    init: cst.FunctionDef,
    attr: str,
    type_name: str,
    literal: Callable[[cst.BaseExpression], bool],
) -> bool:
    """``self.<attr>`` bound once in the class, by a top-level one-target statement of
    ``__init__``, to a ``literal`` or to a parameter annotated ``type_name`` (or with a
    ``literal`` default, no other annotation) that ``__init__`` does not rebind: a value of
    that type fixed for the object's life (a ``Final`` attribute for TorchScript)."""
    bound = [(m, v) for m in class_methods(cls) for v in self_assignments(m, attr)]
    if len(bound) != 1 or bound[0][0] is not init or not isinstance(init.body, cst.IndentedBlock):
        return False
    value = bound[0][1]
    if not any(
        isinstance(line, cst.SimpleStatementLine)
        and len(line.body) == 1
        and isinstance(line.body[0], cst.Assign)
        and line.body[0].value is value
        for line in init.body.body
    ):
        return False  # under a branch or a loop: the attribute may stay unset
    if literal(value):
        return True
    if not isinstance(value, cst.Name):
        return False
    params = [*init.params.params, *init.params.kwonly_params]
    param = next((p for p in params if p.name.value == value.value), None)
    if param is None:
        return False
    if param.annotation is not None:
        annotation = param.annotation.annotation
        if not (isinstance(annotation, cst.Name) and annotation.value == type_name):
            return False
    elif param.default is None:
        return False
    if param.default is not None and not literal(param.default):
        return False
    return not any(_stores(fixer, use) for use in variable_uses(fixer, init.body, value.value))


def _stores(fixer: Fixer, use: cst.Name) -> bool:
    """Whether ``use`` binds its name (or may: a name in a tuple target or a display)."""
    parent = fixer.parent(use)
    if isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign)):
        return parent.target is use
    if isinstance(parent, cst.Element):
        return True
    return isinstance(parent, (cst.For, cst.CompFor, cst.NamedExpr, cst.AsName, cst.Del))


def contains(root: cst.CSTNode, test: Callable[[cst.CSTNode], bool]) -> bool:
    """Whether any node in ``root`` (itself included) passes ``test``."""
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        found = found or test(node)
        return False if found else None

    walk(root, enter, lambda node: None)
    return found


def self_class(fixer: Fixer, node: cst.CSTNode) -> Optional[str]:
    """The qualified name of the class ``self`` is an instance of in the function around
    ``node``: the class of a method, or the one class whose methods call a module-level
    ``def f(self, ...)`` (as the kinds read it)."""
    function = fixer.enclosing_function(node)
    inference = fixer.ctx.model.inference(function) if function is not None else None
    return inference.owner_class if inference is not None else None


def local_callee(fixer: Fixer, call: cst.Call) -> Optional[tuple[cst.FunctionDef, bool]]:
    """The function of this file that ``call`` runs, and whether the call binds its first
    parameter: a method through ``self.m(...)``, a submodule's ``forward`` through
    ``self.sub(...)`` (the class the constructor stores there), or a module-level function
    through its name. None for anything else, or a function in another file (no tree here)."""
    model = fixer.ctx.model
    index, func = model.index, call.func
    bound = False
    if (
        isinstance(func, cst.Attribute)
        and isinstance(func.value, cst.Name)
        and func.value.value == "self"
    ):
        owner = self_class(fixer, call)
        if owner is None:
            return None
        found = index.find_method(owner, func.attr.value)
        if found is None:
            module_class = index.attribute_marker(owner, func.attr.value)
            if module_class is None or not index.is_module_class(module_class):
                return None
            found = index.find_method(module_class, "forward")
        if found is None:
            return None
        fq = found[0]
        bound = True
    else:
        name = fixer.ctx.qualified_name(func)
        target = index.lookup(name) if name else None
        if target is None or target[0] != "function":
            return None
        fq = target[1].qualify(target[2])
    definition = local_definition(fixer, fq)
    if not isinstance(definition, cst.FunctionDef):
        return None
    static = any(
        isinstance(d.decorator, cst.Name) and d.decorator.value == "staticmethod"
        for d in definition.decorators
    )
    return definition, bound and not static


def local_definition(fixer: Fixer, qualname: str) -> Optional[Union[cst.FunctionDef, cst.ClassDef]]:
    """The ``def`` or ``class`` of this file that a qualified name of the project index
    (``pkg.mod.A.b``) names; None for one of another file."""
    found = fixer.ctx.model.index.lookup(qualname)
    if found is None or found[1] is not fixer.ctx.model.summary:
        return None
    return top_level_definition(fixer.ctx.module, found[2])


def receiving_param(
    callee: cst.FunctionDef, call: cst.Call, arg: cst.Arg, bound: bool
) -> Optional[cst.Param]:
    """The parameter of ``callee`` that ``arg`` of ``call`` binds (``bound``: the call passes
    the first parameter itself, as ``self.m(...)`` does); None when unpacking hides it."""
    params = callee.params
    if arg.star or any(a.star for a in call.args):
        return None
    if arg.keyword is not None:
        named = [*params.params, *params.kwonly_params]
        return next((p for p in named if p.name.value == arg.keyword.value), None)
    ordered = [*params.posonly_params, *params.params][1 if bound else 0 :]
    positional = [a for a in call.args if a.keyword is None]
    position = next(i for i, a in enumerate(positional) if a is arg)
    return ordered[position] if position < len(ordered) else None


def assigned_names(small: cst.BaseSmallStatement) -> set[str]:
    """The names an assignment statement binds (``a = ...``, ``a, b = ...``, ``a += 1``)."""
    targets: list[cst.BaseExpression] = []
    if isinstance(small, cst.Assign):
        targets = [t.target for t in small.targets]
    elif isinstance(small, (cst.AugAssign, cst.AnnAssign)):
        targets = [small.target]
    names = set()
    for target in targets:
        if isinstance(target, cst.Name):
            names.add(target.value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            names |= {e.value.value for e in target.elements if isinstance(e.value, cst.Name)}
    return names


def module_bindings(module: cst.Module) -> set[str]:
    """The names the module's top-level statements bind: functions, classes, assignments,
    imports."""
    found: set[str] = set()
    for stmt in module.body:
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            found.add(stmt.name.value)
        elif isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                found |= assigned_names(small)
                if isinstance(small, (cst.Import, cst.ImportFrom)) and not isinstance(
                    small.names, cst.ImportStar
                ):
                    for alias in small.names:
                        bound = alias.asname.name if alias.asname else alias.name
                        while isinstance(bound, cst.Attribute):
                            bound = bound.value
                        if isinstance(bound, cst.Name):
                            found.add(bound.value)
    return found


def fresh_name(fixer: Fixer, node: cst.CSTNode, *bases: str, taken: Collection[str] = ()) -> str:
    """The first of ``bases`` (else the first numbered: ``cond_1``, ``cond_2``...) that the
    function holding ``node`` (or the module) does not spell, the module does not bind at its
    top level, and ``taken`` does not hold."""
    scope = fixer.enclosing_function(node) or fixer.ctx.module
    used = {n.value for n in names_in(scope)} | module_bindings(fixer.ctx.module) | set(taken)
    for base in bases:
        if base not in used:
            return base
    return numbered(bases[0], used)


def numbered(base: str, used: Collection[str]) -> str:
    """``base``, else the first of ``base_1``, ``base_2``, ... that ``used`` does not hold."""
    if base not in used:
        return base
    number = 1
    while f"{base}_{number}" in used:
        number += 1
    return f"{base}_{number}"


def loop_over_call(fixer: Fixer, call: cst.CSTNode, function: str) -> Optional[cst.For]:
    """The ``for`` statement (no ``else``, not async, an indented body) whose iterable is
    ``call``, a call of ``function`` (a qualified name); None otherwise."""
    if not isinstance(call, cst.Call) or fixer.ctx.qualified_name(call.func) != function:
        return None
    loop = fixer.parent(call)
    if not isinstance(loop, cst.For) or loop.iter is not call or loop.orelse is not None:
        return None
    if loop.asynchronous is not None or not isinstance(loop.body, cst.IndentedBlock):
        return None
    return loop


def plain_reference(node: cst.BaseExpression) -> bool:
    """A name or an attribute chain of names (``seqs``, ``self.dims``, ``x.shape``): read again
    with no side effect (no call, no subscript)."""
    while isinstance(node, cst.Attribute):
        node = node.value
    return isinstance(node, cst.Name)


def whole_shape(node: cst.BaseExpression) -> bool:
    """``t.shape`` or ``t.size()`` of a name or attribute chain."""
    if isinstance(node, cst.Attribute) and node.attr.value == "shape":
        return plain_reference(node.value)
    return (
        isinstance(node, cst.Call)
        and not node.args
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "size"
        and plain_reference(node.func.value)
    )


def running_line(fixer: Fixer, node: cst.CSTNode) -> Optional[cst.SimpleStatementLine]:
    """The line of an indented block holding ``node``, when ``node`` runs every time the line
    does (not under ``and`` / ``or`` / a ternary, nor in a lambda or a comprehension)."""
    for ancestor in fixer.ancestors(node):
        if isinstance(ancestor, cst.SimpleStatementLine):
            block = fixer.parent(ancestor)
            return ancestor if isinstance(block, cst.IndentedBlock) else None
        if isinstance(
            ancestor,
            (cst.BooleanOperation, cst.IfExp, cst.Lambda, cst.BaseComp, cst.BaseStatement),
        ):
            return None
    return None


def own_statement_line(fixer: Fixer, call: cst.CSTNode) -> Optional[cst.SimpleStatementLine]:
    """The line of an indented block whose one statement is ``call`` (``print(x)``,
    ``self.lstm.flatten_parameters()``): what a guard can wrap as it is."""
    expr = fixer.parent(call)
    if not isinstance(call, cst.Call) or not isinstance(expr, cst.Expr) or expr.value is not call:
        return None
    line = fixer.parent(expr)
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
        return None
    return line if isinstance(fixer.parent(line), cst.IndentedBlock) else None


def guarded(fixer: Fixer, test: str, *statements: cst.BaseStatement) -> cst.If:
    """``statements`` under ``if <test>:`` (``{torch}`` in ``test`` the torch module's name),
    the comments above the first kept above the guard."""
    torch = fixer.import_module("torch")
    first, *rest = statements
    return cst.If(
        test=cst.parse_expression(test.format(torch=torch)),
        body=cst.IndentedBlock(body=[first.with_changes(leading_lines=()), *rest]),
        leading_lines=first.leading_lines,
    )


def expression_in_place(fixer: Fixer, node: cst.BaseExpression, text: str) -> cst.BaseExpression:
    """``text`` parsed as the expression to put where ``node`` is: bare as an ``if`` / ``while``
    test or an assignment's value, parenthesised anywhere else (an operand keeps its grouping:
    ``a and b`` in ``x or (a and b)``); ``node``'s own parentheses are kept around it."""
    parent = fixer.parent(node)
    bare = isinstance(parent, (cst.If, cst.While)) and parent.test is node
    bare = bare or isinstance(parent, cst.Assign) and parent.value is node
    new = cst.parse_expression(text if bare else f"({text})")
    if node.lpar:
        new = new.with_changes(lpar=node.lpar, rpar=node.rpar)
    return new


def stored_subscript(fixer: Fixer, subscript: cst.CSTNode) -> bool:
    """``subscript`` is written (an assignment or augmented assignment target, ``del``): a
    rewrite of it into a call (``x.index_select(...)``) would not compile there."""
    parent = fixer.parent(subscript)
    if isinstance(parent, (cst.AssignTarget, cst.Del)):
        return True
    return isinstance(parent, (cst.AugAssign, cst.AnnAssign)) and parent.target is subscript
