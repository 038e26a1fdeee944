"""Repairs for compile / export findings torchlint reported without a fix (issue #23, session
29, b69 to b72; helper-266). Unsafe; each class says what it takes.

``CallCounterToBuffer`` (TL311): a Python int counter on ``self`` advanced by graph code
(``self.calls = 0`` in ``__init__``, ``self.calls += 1`` in ``forward``) whose value feeds only
arithmetic that ends in tensor code -> a non-persistent int64 buffer advanced in place
(``self.calls.add_(1)``), ``min`` / ``max`` of it with a number -> ``clamp``. torch.export then
carries the count as state of the exported program instead of baking in the value seen at
conversion. A curriculum's or a distillation temperature's annealing schedule.

``ListOfFunctionOfItemsToTensor`` (TL104 / TL112): ``torch.tensor([f(v, c) for v in
t.tolist()])`` where ``f`` is a function of the file whose body is one ``return`` of arithmetic
of its parameters -> ``f``'s expression on the tensor itself (``((5.0 + t) / 6.0) ** c``). A
GNMT length penalty per hypothesis.

Left without a rewrite (the findings' messages say what to do by hand): outputs sized by the
data (``nonzero`` pairs, a boolean-mask selection, ``unique_consecutive``, ``pad_sequence`` of
data-length pieces, NMS), a step count with no bound known before the loop (``range`` of a
buffer's ``.item()``, ``ceil`` of an input's value), a ``while not done.all()`` decode, a random
draw that decides a branch, a Python number read per element to index a tensor.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import ARITHMETIC, assignments
from torchlint.lint.semantic.kinds import Kind

from ._shared import (
    assigned_names,
    class_methods,
    is_docstring,
    super_init_statement,
    variable_uses,
)

# -- TL311: a Python call counter on self -> an int64 buffer ----------------------------------

# Arithmetic a 0-d int64 tensor does as Python ints do, where a float results as a float32
# tensor (``/``): not ``**`` (a negative int power raises for an integer tensor).
_COUNTER_ARITHMETIC = tuple(op for op in ARITHMETIC if op is not cst.Power)
_ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float)


class CallCounterToBuffer(Fixer):
    """``self.N += k`` in graph code (TL311) where, in the file:

    - ``self.N`` is bound once, in ``__init__`` of the method's class (an ``nn.Module``), to an
      int literal, by a statement of its own after ``super().__init__()``;
    - every other ``.N`` in the file is ``self.N`` in a method of that class: ``self.N += k`` /
      ``self.N -= k`` of an int literal ``k``, or a read whose value goes only through
      arithmetic (``+ - * / // %`` and unary minus), ``min`` / ``max`` with a number literal, a
      local name bound once to such a value, or the ``return`` of a method of the class called
      only as ``self.method()`` in such places, until it meets a tensor operand (``x * frac``),

    -> ``self.register_buffer("N", torch.tensor(k0), persistent=False)``, ``self.N.add_(k)`` /
    ``sub_(k)``, ``min(e, c)`` -> ``(e).clamp(max=c)`` (``max`` -> ``clamp(min=c)``) and a
    ``-> int`` / ``-> float`` annotation of such a method -> ``-> torch.Tensor``.

    Eager: the counter takes the same values; ``//`` and ``%`` of int64 tensors floor as Python
    ints do, ``/`` gives float32 where Python gave a double, and ``clamp`` with a float bound
    gives a float as ``min`` did; the values meet the tensor as a 0-d tensor, which keeps the
    tensor's dtype as the number did. torch.export (checked on torch 2.13,
    tests/test_s29_repair.py) then keeps the count in the exported program's buffer, advanced
    by each call of ``ep.module()``, where it baked in the value seen at conversion; compile
    and script accept it. Unsafe: the arithmetic runs in float32 (last bits); the buffer moves
    with ``.to(device)`` and is not saved (``persistent=False``: ``state_dict`` keys
    unchanged); code outside the file that reads ``model.N`` gets a tensor, and one that sets
    it to an int raises; ``torch.jit.trace`` still runs the model once while tracing, so the
    traced copy counts from one call on."""

    codes = ("TL311",)
    applicability = "unsafe"
    message = (
        "keep the counter in a non-persistent int64 buffer advanced in place "
        "(`self.N.add_(1)`), so torch.export carries it instead of baking in its value "
        "(values computed from it become float32 tensors)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        attr = self._counter_attribute(diagnostic.node)
        if attr is None:
            return None
        function = self.enclosing_function(attr)
        info = self.ctx.model.function_info(function) if function is not None else None
        if info is None or info.owner_class is None:
            return None
        if not self.ctx.index.is_module_class(info.owner_class):
            return None
        cls = self.parent(self.parent(function)) if function is not None else None
        if not isinstance(cls, cst.ClassDef):
            return None
        name = attr.attr.value
        methods = {m.name.value: m for m in class_methods(cls)}
        init = methods.get("__init__")
        if init is None or not isinstance(init.body, cst.IndentedBlock):
            return None
        if _class_body_binds(self.ctx.module, name):
            return None  # register_buffer refuses a name the class already has
        torch = self.import_module("torch")
        replacements: list[Replacement] = []
        binding: Optional[cst.Assign] = None
        # every `.name` of the file
        for node in _attributes(self.ctx.module, name):
            if not (isinstance(node.value, cst.Name) and node.value.value == "self"):
                return None
            method = self.enclosing_function(node)
            if method is None or methods.get(method.name.value) is not method:
                return None
            parent = self.parent(node)
            if isinstance(parent, cst.AssignTarget):
                assign = self.parent(parent)
                if binding is not None or method is not init or not self._init_binding(assign):
                    return None
                assert isinstance(assign, cst.Assign)
                binding = assign
                continue
            if isinstance(parent, cst.AugAssign) and parent.target is node:
                op = {cst.AddAssign: "add_", cst.SubtractAssign: "sub_"}.get(type(parent.operator))
                if op is None or not isinstance(parent.value, cst.Integer):
                    return None
                step = cst.parse_statement(f"self.{name}.{op}({parent.value.value})")
                assert isinstance(step, cst.SimpleStatementLine)
                replacements.append((parent, step.body[0]))
                continue
            if not self._flows_to_tensor(node, cls, methods, replacements, depth=0):
                return None
        if binding is None or not replacements:
            return None
        value = binding.value
        assert isinstance(value, cst.Integer)
        registered = cst.parse_statement(
            f'self.register_buffer("{name}", {torch}.tensor({value.value}), persistent=False)'
        )
        assert isinstance(registered, cst.SimpleStatementLine)
        replacements.append((binding, registered.body[0]))
        return _distinct(replacements)

    def _counter_attribute(self, node: Optional[cst.CSTNode]) -> Optional[cst.Attribute]:
        """``self.N`` of the ``self.N += k`` the finding names (the statement, the augmented
        assignment or its target)."""
        if isinstance(node, cst.SimpleStatementLine) and len(node.body) == 1:
            node = node.body[0]
        if isinstance(node, cst.Attribute):
            parent = self.parent(node)
            node = parent if isinstance(parent, cst.AugAssign) else None
        if not isinstance(node, cst.AugAssign) or not isinstance(node.target, cst.Attribute):
            return None
        target = node.target
        if not (isinstance(target.value, cst.Name) and target.value.value == "self"):
            return None
        return target

    def _init_binding(self, assign: Optional[cst.CSTNode]) -> bool:
        """``self.N = <int literal>``, a statement of its own in ``__init__``'s body after
        ``super().__init__()``."""
        if not (
            isinstance(assign, cst.Assign)
            and len(assign.targets) == 1
            and isinstance(assign.value, cst.Integer)
        ):
            return False
        line = self.parent(assign)
        block = self.parent(line)
        init = self.parent(block)
        if not (
            isinstance(line, cst.SimpleStatementLine)
            and len(line.body) == 1
            and isinstance(block, cst.IndentedBlock)
            and isinstance(init, cst.FunctionDef)
        ):
            return False
        body = list(block.body)
        index = body.index(line)
        return any(super_init_statement(s) for s in body[:index])

    def _flows_to_tensor(
        self,
        expr: cst.BaseExpression,
        cls: cst.ClassDef,
        methods: dict[str, cst.FunctionDef],
        replacements: list[Replacement],
        depth: int,
    ) -> bool:
        """Whether the value of ``expr`` (a number computed from the counter) goes only
        through arithmetic, ``min`` / ``max`` with a number, local names and returns of the
        class's methods into arithmetic with a tensor; collects the ``min`` / ``max`` and
        annotation rewrites."""
        if depth > 12:
            return False
        parent = self.parent(expr)
        if isinstance(parent, cst.BinaryOperation):
            if not isinstance(parent.operator, _COUNTER_ARITHMETIC):
                return False
            other = parent.right if parent.left is expr else parent.left
            if self.kind(other) == Kind.TENSOR:
                return True
            if _reads_counter_like(other):
                return False
            return self._flows_to_tensor(parent, cls, methods, replacements, depth + 1)
        if isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Minus):
            return self._flows_to_tensor(parent, cls, methods, replacements, depth + 1)
        if isinstance(parent, cst.Arg):
            call = self.parent(parent)
            if not isinstance(call, cst.Call):
                return False
            clamped = self._clamp(call, parent)
            if clamped is None:
                return False
            replacements.append((call, clamped))
            return self._flows_to_tensor(call, cls, methods, replacements, depth + 1)
        if isinstance(parent, cst.Assign):
            return self._local_flows(parent, expr, cls, methods, replacements, depth)
        if isinstance(parent, cst.Return):
            return self._returned_flows(parent, cls, methods, replacements, depth)
        return False

    def _clamp(self, call: cst.Call, arg: cst.Arg) -> Optional[cst.BaseExpression]:
        """``min(e, c)`` -> ``(e).clamp(max=c)``, ``max(e, c)`` -> ``(e).clamp(min=c)``, ``c``
        a number literal (either side)."""
        bound = {"builtins.min": "max", "builtins.max": "min"}.get(
            self.ctx.qualified_name(call.func) or ""
        )
        if bound is None or len(call.args) != 2 or any(a.keyword or a.star for a in call.args):
            return None
        other = call.args[1] if call.args[0] is arg else call.args[0]
        number = other.value
        if isinstance(number, cst.UnaryOperation) and isinstance(number.operator, cst.Minus):
            number = number.expression
        if not isinstance(number, (cst.Integer, cst.Float)):
            return None
        value = arg.value
        if _calls_min_or_max(self, value):
            return None  # nested: one replacement would hide the other
        spelled = self.code(value.with_changes(lpar=[], rpar=[])).strip()
        if not isinstance(value, _ATOMS) or value.lpar:
            spelled = f"({spelled})"
        limit = self.code(other.value).strip()
        return cst.parse_expression(f"{spelled}.clamp({bound}={limit})").with_changes(
            lpar=call.lpar, rpar=call.rpar
        )

    def _local_flows(
        self,
        assign: cst.Assign,
        expr: cst.BaseExpression,
        cls: cst.ClassDef,
        methods: dict[str, cst.FunctionDef],
        replacements: list[Replacement],
        depth: int,
    ) -> bool:
        """``v = <value>``: ``v`` a local bound once in the function, each read flowing on."""
        if assign.value is not expr or len(assign.targets) != 1:
            return False
        target = assign.targets[0].target
        function = self.enclosing_function(assign)
        if not isinstance(target, cst.Name) or function is None:
            return False
        if len(assignments(function, target.value)) != 1:
            return False
        reads = [u for u in variable_uses(self, function.body, target.value) if u is not target]
        for read in reads:
            if isinstance(self.parent(read), cst.AssignTarget):
                return False
            if not self._flows_to_tensor(read, cls, methods, replacements, depth + 1):
                return False
        return bool(reads)

    def _returned_flows(
        self,
        ret: cst.Return,
        cls: cst.ClassDef,
        methods: dict[str, cst.FunctionDef],
        replacements: list[Replacement],
        depth: int,
    ) -> bool:
        """``return <value>`` in a method of the class whose every use in the file is a call
        ``self.method()`` whose value flows on; its ``-> int`` / ``-> float`` becomes
        ``-> torch.Tensor``."""
        method = self.enclosing_function(ret)
        if method is None or methods.get(method.name.value) is not method:
            return False
        if method.decorators or method.name.value.startswith("__"):
            return False
        calls = 0
        for node in _attributes(self.ctx.module, method.name.value):
            call = self.parent(node)
            if not (
                isinstance(node.value, cst.Name)
                and node.value.value == "self"
                and isinstance(call, cst.Call)
                and call.func is node
            ):
                return False
            owner = self.enclosing_function(call)
            if owner is None or methods.get(owner.name.value) is not owner:
                return False
            if not self._flows_to_tensor(call, cls, methods, replacements, depth + 1):
                return False
            calls += 1
        returns = method.returns
        if returns is not None:
            annotation = returns.annotation
            if not (isinstance(annotation, cst.Name) and annotation.value in ("int", "float")):
                return False
            torch = self.import_module("torch")
            tensor = cst.parse_expression(f"{torch}.Tensor")
            replacements.append((annotation, tensor))
        return calls > 0


def _attributes(root: cst.CSTNode, name: str) -> list[cst.Attribute]:
    """Every ``X.name`` under ``root``."""
    found: list[cst.Attribute] = []

    class _Find(cst.CSTVisitor):
        def visit_Attribute(self, node: cst.Attribute) -> None:
            if node.attr.value == name:
                found.append(node)

    root.visit(_Find())
    return found


def _class_body_binds(module: cst.Module, name: str) -> bool:
    """A class of the file binds ``name`` in its body (a class attribute, a method)."""
    found = False

    class _Find(cst.CSTVisitor):
        def visit_ClassDef(self, node: cst.ClassDef) -> None:
            nonlocal found
            body = node.body.body if isinstance(node.body, cst.IndentedBlock) else []
            for statement in body:
                if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                    found = found or statement.name.value == name
                elif isinstance(statement, cst.SimpleStatementLine):
                    found = found or any(name in assigned_names(s) for s in statement.body)

    module.visit(_Find())
    return found


def _calls_min_or_max(fixer: Fixer, expr: cst.CSTNode) -> bool:
    found = False

    class _Find(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            nonlocal found
            name = fixer.ctx.qualified_name(node.func)
            found = found or name in ("builtins.min", "builtins.max")

    expr.visit(_Find())
    return found


def _reads_counter_like(expr: cst.BaseExpression) -> bool:
    """Parts of the arithmetic that are not plain numbers, names or ``self`` attributes (a call
    whose result may be anything): declined, so a value that is neither is not guessed at."""
    return not isinstance(
        expr, (cst.Integer, cst.Float, cst.Name, cst.Attribute, cst.BinaryOperation)
    )


def _distinct(replacements: list[Replacement]) -> list[Replacement]:
    """Each node replaced once (a method's annotation reached through two calls)."""
    seen: set[int] = set()
    kept: list[Replacement] = []
    for old, new in replacements:
        if id(old) in seen:
            continue
        seen.add(id(old))
        kept.append((old, new))
    return kept


# -- TL104 / TL112 / TL108: a list of a file function of each value of .tolist() -------------

# Arithmetic a tensor does element by element as Python does on each number (checked on torch
# 2.13 in tests/test_s29_repair.py).
_ELEMENT_ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.Power)
_CACHES = ("functools.lru_cache", "functools.cache")


class ListOfFunctionOfItemsToTensor(Fixer):
    """``torch.tensor([f(v, a) for v in T.tolist()])`` (also through a name ``L = [...]`` read
    only by ``torch.tensor(L)``) -> ``f``'s returned expression with ``T`` for the parameter
    ``v`` fills and the other arguments for theirs: ``((5.0 + T) / 6.0) ** a``, taken where

    - the comprehension has one ``for`` over ``T.tolist()`` (no ``if``), its element is a call
      of ``f`` with positional arguments, one of them ``v`` and the others names, attributes
      or number literals that do not read ``v``; ``torch.tensor`` gets the list alone;
    - ``f`` is a function of the file (not a method) whose body is one ``return`` (after a
      docstring) of number literals and its parameters under ``+ - * / **`` and unary minus,
      each parameter plain (no default, no ``*``), and whose decorators are only
      ``functools.lru_cache`` / ``functools.cache`` (pure: the cache changes no value); the
      base of each ``**`` is surely floating point (a float literal or a ``/`` in it), as an
      integer tensor raised to a negative int raises where Python gives a float.

    Eager: each element gets the value ``f`` computed for its number, and the dtype is the
    one ``torch.tensor`` gave the list: Python floats and the float result of an integer tensor
    with a float are the default dtype, ints stay int64. torch.compile, torch.export and
    torch.jit.trace see tensor arithmetic instead of numbers read from the data (checked on
    torch 2.13, tests/test_s29_repair.py, a GNMT length penalty). Unsafe: the arithmetic runs
    in float32 where Python used doubles (last bits), the result is on ``T``'s device and
    keeps ``T``'s autograd history, an empty ``T`` gives the expression's dtype (``torch.tensor
    ([])`` gave float32), and a ``T`` of more than one dimension, which made ``f`` raise on a
    list, now gives values."""

    codes = ("TL104", "TL108", "TL112")
    applicability = "unsafe"
    message = (
        "compute the function's arithmetic on the tensor itself instead of on each number of "
        "`.tolist()` (float32 arithmetic, on the tensor's device)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        comp = self._comprehension(diagnostic.node)
        if comp is None:
            return None
        found = self._wrapper(comp)
        if found is None:
            return None
        wrapper, listed = found
        loop = comp.for_in
        if loop.inner_for_in is not None or loop.ifs or loop.asynchronous is not None:
            return None
        if not isinstance(loop.target, cst.Name):
            return None
        element = loop.target.value
        iterated = loop.iter
        if not (
            isinstance(iterated, cst.Call)
            and isinstance(iterated.func, cst.Attribute)
            and iterated.func.attr.value == "tolist"
            and not iterated.args
        ):
            return None
        tensor = iterated.func.value
        call = comp.elt
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Name):
            return None
        function = self._pure_function(call.func.value)
        if function is None:
            return None
        params = [p.name.value for p in function.params.params]
        if len(params) != len(call.args):
            return None
        returned = _returned_expression(function)
        if returned is None or not _element_arithmetic(returned, set(params)):
            return None
        values: dict[str, str] = {}
        for param, arg in zip(params, call.args):
            if arg.keyword or arg.star:
                return None
            value = arg.value
            if isinstance(value, cst.Name) and value.value == element:
                uses = sum(1 for n in _names(returned) if n.value == param)
                if uses > 1 and not isinstance(tensor, (cst.Name, cst.Attribute)):
                    return None  # computed once per use: a draw would differ
                values[param] = _operand(self, tensor)
            elif isinstance(value, (cst.Name, cst.Attribute, cst.Integer, cst.Float)):
                if any(n.value == element for n in _names(value)):
                    return None
                values[param] = _operand(self, value)
            else:
                return None
        if (
            sum(1 for a in call.args if isinstance(a.value, cst.Name) and a.value.value == element)
            != 1
        ):
            return None
        expression = cst.parse_expression(self._substituted(returned, values))
        if listed is None:  # torch.tensor([...]) -> the expression
            return [(wrapper, expression.with_changes(lpar=wrapper.lpar, rpar=wrapper.rpar))]
        # L = [...]; torch.tensor(L) -> L = <expression>; L
        return [(comp, expression), (wrapper, listed)]

    def _comprehension(self, node: Optional[cst.CSTNode]) -> Optional[cst.ListComp]:
        if node is None:
            return None
        if isinstance(node, cst.Call) and self.ctx.qualified_name(node.func) == "torch.tensor":
            if len(node.args) == 1 and isinstance(node.args[0].value, cst.Name):
                function = self.enclosing_function(node)
                if function is None:
                    return None
                bound = assignments(function, node.args[0].value.value)
                value = bound[0][0] if len(bound) == 1 else None
                return value if isinstance(value, cst.ListComp) else None
            if len(node.args) == 1 and isinstance(node.args[0].value, cst.ListComp):
                return node.args[0].value
            return None
        for ancestor in self.ancestors(node):
            if isinstance(ancestor, cst.ListComp):
                return ancestor
            if isinstance(ancestor, (cst.BaseStatement, cst.FunctionDef)):
                return None
        return None

    def _wrapper(self, comp: cst.ListComp) -> Optional[tuple[cst.Call, Optional[cst.Name]]]:
        """The ``torch.tensor(...)`` call that gets the list (directly, or through the one
        read of the name the list is bound to, with that name)."""
        arg = self.parent(comp)
        if isinstance(arg, cst.Arg):
            call = self.parent(arg)
            return (call, None) if self._tensor_of(call, arg) else None
        assign = self.parent(comp)
        function = self.enclosing_function(comp)
        if not (
            isinstance(assign, cst.Assign)
            and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name)
            and function is not None
        ):
            return None
        name = assign.targets[0].target
        if len(assignments(function, name.value)) != 1:
            return None
        reads = [u for u in variable_uses(self, function.body, name.value) if u is not name]
        if len(reads) != 1:
            return None
        arg = self.parent(reads[0])
        call = self.parent(arg) if isinstance(arg, cst.Arg) else None
        if not isinstance(arg, cst.Arg) or not self._tensor_of(call, arg):
            return None
        assert isinstance(call, cst.Call)
        return call, cst.Name(name.value)

    def _tensor_of(self, call: Optional[cst.CSTNode], arg: cst.Arg) -> bool:
        return (
            isinstance(call, cst.Call)
            and self.ctx.qualified_name(call.func) == "torch.tensor"
            and len(call.args) == 1
            and call.args[0] is arg
            and not arg.keyword
            and not arg.star
        )

    def _pure_function(self, name: str) -> Optional[cst.FunctionDef]:
        """The one top-level ``def name`` of the file, plain parameters, decorated by a
        functools cache at most."""
        found = [
            s
            for s in self.ctx.module.body
            if isinstance(s, cst.FunctionDef) and s.name.value == name
        ]
        if len(found) != 1:
            return None
        function = found[0]
        params = function.params
        if (
            params.posonly_params
            or params.kwonly_params
            or not isinstance(params.star_arg, cst.MaybeSentinel)
            or params.star_kwarg is not None
            or any(p.default is not None for p in params.params)
        ):
            return None
        for decorator in function.decorators:
            target = decorator.decorator
            if isinstance(target, cst.Call):
                target = target.func
            if self.ctx.qualified_name(target) not in _CACHES:
                return None
        # nothing else binds the name at the top level
        binders = [
            s
            for s in self.ctx.module.body
            if isinstance(s, (cst.FunctionDef, cst.ClassDef)) and s.name.value == name
        ]
        return function if len(binders) == 1 else None

    def _substituted(self, expr: cst.BaseExpression, values: dict[str, str]) -> str:
        fixer = self

        class _Swap(cst.CSTTransformer):
            def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
                if original.value in values:
                    return cst.parse_expression(values[original.value])
                return updated

        del fixer
        return cst.Module(body=[]).code_for_node(expr.visit(_Swap()))


def _returned_expression(function: cst.FunctionDef) -> Optional[cst.BaseExpression]:
    """The expression of a body that is one ``return <expression>`` (after a docstring)."""
    body = function.body
    if not isinstance(body, cst.IndentedBlock):
        statements: list[cst.BaseStatement] = [body]  # type: ignore[list-item]
    else:
        statements = list(body.body)
    if statements and is_docstring(statements[0]):
        statements = statements[1:]
    if len(statements) == 1 and isinstance(statements[0], cst.SimpleStatementLine):
        line = statements[0]
        if len(line.body) == 1 and isinstance(line.body[0], cst.Return):
            return line.body[0].value
    if isinstance(body, cst.SimpleStatementSuite) and len(body.body) == 1:
        small = body.body[0]
        if isinstance(small, cst.Return):
            return small.value
    return None


def _element_arithmetic(expr: cst.BaseExpression, params: set[str]) -> bool:
    """Number literals and ``params`` under ``+ - * / **`` and unary minus; each ``**``'s
    base surely floating point."""
    if isinstance(expr, (cst.Integer, cst.Float)):
        return True
    if isinstance(expr, cst.Name):
        return expr.value in params
    if isinstance(expr, cst.UnaryOperation):
        return isinstance(expr.operator, cst.Minus) and _element_arithmetic(expr.expression, params)
    if isinstance(expr, cst.BinaryOperation):
        if not isinstance(expr.operator, _ELEMENT_ARITHMETIC):
            return False
        if isinstance(expr.operator, cst.Power) and not _surely_float(expr.left):
            return False
        return _element_arithmetic(expr.left, params) and _element_arithmetic(expr.right, params)
    return False


def _surely_float(expr: cst.BaseExpression) -> bool:
    """A float whatever numbers the names hold: a float literal, a true division, or ``+ - *``
    with one of those."""
    if isinstance(expr, cst.Float):
        return True
    if isinstance(expr, cst.UnaryOperation):
        return _surely_float(expr.expression)
    if isinstance(expr, cst.BinaryOperation):
        if isinstance(expr.operator, cst.Divide):
            return True
        if isinstance(expr.operator, (cst.Add, cst.Subtract, cst.Multiply)):
            return _surely_float(expr.left) or _surely_float(expr.right)
    return False


def _names(expr: cst.CSTNode) -> list[cst.Name]:
    found: list[cst.Name] = []

    class _Find(cst.CSTVisitor):
        def visit_Name(self, node: cst.Name) -> None:
            found.append(node)

    expr.visit(_Find())
    return found


def _operand(fixer: Fixer, expr: cst.BaseExpression) -> str:
    """``expr`` spelled to stand as an operand: parenthesized unless it is one already."""
    text = fixer.code(expr).strip()
    if isinstance(expr, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)) or (
        isinstance(expr, (cst.Integer, cst.Float)) and not text.startswith("-")
    ):
        return text
    return f"({text})"


__all__ = ["CallCounterToBuffer", "ListOfFunctionOfItemsToTensor"]
