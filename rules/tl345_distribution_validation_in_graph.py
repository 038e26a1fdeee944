"""TL345: a torch.distributions distribution checking tensor values in graph code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.diagnostics import Message
from torchlint.lint.distribution_tables import unvalidated_failures
from torchlint.lint.graph_queries import (
    UNKNOWN_VALUE,
    assignments,
    self_assignments,
    self_attribute,
)
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import top_level_definition

from ._graph import init_values, keyword

# Methods that check their value against the distribution's support (`_validate_sample`).
SAMPLE_CHECKING_METHODS = frozenset({"log_prob", "cdf"})
# Methods the generated table measures with validation off (the constructor too).
MEASURED_METHODS = frozenset({"log_prob", "entropy", "sample", "rsample"})
# Modules of torch.distributions that hold no distribution classes.
NOT_DISTRIBUTIONS = ("torch.distributions.constraints", "torch.distributions.transforms")


def distribution_class(name: str) -> bool:
    """``name`` is a class of torch.distributions that validates (not a transform nor a
    constraint, which check nothing of their arguments)."""
    last = name.rsplit(".", 1)[-1]
    return (
        name.startswith("torch.distributions.")
        and not name.startswith(NOT_DISTRIBUTIONS)
        and last[:1].isupper()
        and not last.endswith(("Transform", "Constraint"))
    )


class DistributionValidationInGraph(Rule):
    """Flags a `torch.distributions` distribution that checks tensor values in graph code.

    ## What it does
    Finds, in graph code, a `torch.distributions` distribution built from tensors
    (`Normal(mu, sigma)`) and `d.log_prob(x)` / `d.cdf(x)` of a distribution built with
    argument validation on (the default: `validate_args` follows Python's `__debug__`), also
    one `__init__` keeps on `self` (`self.prior = Normal(0.0, 1.0)`), and the
    `super().__init__(logits=...)` of a subclass (a masked `Categorical`). A project subclass
    counts as its torch class: a call of one that keeps torch's constructor, a
    `super().__init__(..., validate_args=validate_args)` handing on its caller's `None` default,
    one whose class body's `arg_constraints` names a tensor its `__init__` sets on `self`
    (torch checks those), its methods' `self.cdf(x)` / `self.log_prob(x)` (torch's, not
    overridden, on an object built with the checks on), and `d._validate_sample(x)`, the support
    check itself (a project class reached through a function library's `__getitem__` too).
    A distribution built with
    `validate_args=False`, or in a file that calls
    `torch.distributions.Distribution.set_default_validate_args(False)`, is flagged only where
    torch still fails or warns with the checks off, as a table generated from torch says
    (`benchmarks/distribution_tables.py` builds each class with `validate_args=False`, from
    tensors and with a Python number parameter, and traces and exports its constructor and
    `log_prob` / `entropy` / `sample` / `rsample`; `rules/distribution_tables.json`):
    `OneHotCategorical` builds a `Categorical` that validates (export and trace),
    `MixtureSameFamily` and `LowRankMultivariateNormal` compare shapes as Python bools
    (trace), `StudentT` builds a `Chi2` that validates (export and trace), a Python number
    parameter (`Normal(mu, 1.0)`) becomes a `torch.tensor` constant (trace), and
    `VonMises.sample` (a `@torch.no_grad()` method running a rejection loop) guards on data
    (export) and is refused by Dynamo (compile: the table's `compile` entries, measured with
    `torch.compile(fullgraph=True)`).

    ## Why is this bad?
    With validation on, the constructor checks each parameter against its constraint and
    `log_prob` / `cdf` check the value against the support, each by reading a boolean tensor
    as a Python bool (`if not torch._is_all_true(valid): raise ValueError`). Checked with
    torch 2.13: `torch.jit.trace` warns there (TracerWarning: Converting a tensor to a Python
    boolean) and records no check, so the traced module never raises on an invalid value.
    `torch.export` fails: the check is a guard on data (GuardOnDataDependentSymNode: Could not
    guard on data-dependent expression). `torch.compile` passes: the first compile of a
    process turns the checks off for the whole process (Dynamo calls
    `Distribution.set_default_validate_args(False)`), so an export or a trace after a compile
    in the same process passes too. A member Dynamo refuses whatever the checks, with them
    off too, is another matter: `torch.compile(fullgraph=True)` raises there (the generated
    table's graph-break type).

    ## Example
    ```python
    class GaussianHead(nn.Module):
        def forward(self, h, y):
            mu, log_sigma = self.proj(h).chunk(2, -1)
            return Normal(mu, log_sigma.exp()).log_prob(y)
    ```
    Use instead: `Normal(mu, log_sigma.exp(), validate_args=False).log_prob(y)`, or call
    `torch.distributions.Distribution.set_default_validate_args(False)` before converting.

    ## Fix safety
    An unsafe fix (`--unsafe-fixes`) adds `validate_args=False` to a constructor in graph
    code: the same results, but eager no longer raises ValueError on an invalid parameter or
    value.
    """

    code = "TL345"
    name = "distribution-validation-in-graph"
    subject = "a torch.distributions check of tensor values in graph code"
    clauses = {
        # Only for a member Dynamo refuses with the checks off (the table's `compile` entries).
        "compile": (
            "torch.compile(fullgraph=True) raises inside torch.distributions and plain "
            "torch.compile breaks the graph here"
        ),
        "export": (
            "torch.export fails (the check is a data-dependent guard: Could not guard on "
            "data-dependent expression)"
        ),
        "trace": (
            "torch.jit.trace warns (TracerWarning: the check reads a tensor as a Python bool) "
            "and records no check, so the traced module never raises on an invalid value"
        ),
    }
    advice = (
        "build the distribution with `validate_args=False`, or call "
        "`torch.distributions.Distribution.set_default_validate_args(False)` before converting"
    )
    # The trace computes eager's values on every input the checks accept.
    warns = frozenset({"trace"})
    targets = ("export", "trace")
    also_reports = ("compile",)  # a member Dynamo refuses even with the checks off

    VALID = [
        # Validation turned off where the distribution is built.
        Valid(
            """
            import torch
            from torch import nn
            from torch.distributions import Normal

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 8)

                def forward(self, h, y):
                    mu, log_sigma = self.proj(h).chunk(2, -1)
                    return Normal(mu, log_sigma.exp(), validate_args=False).log_prob(y)

            def inputs():
                return [(torch.randn(2, 4), torch.randn(2, 4)), (torch.randn(3, 4), torch.randn(3, 4))]
            """
        ),
        # A distribution of constants only samples and computes its entropy: nothing checks a
        # traced tensor.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 4)

                def forward(self, h):
                    prior = torch.distributions.Normal(0.0, 1.0)
                    return self.proj(h) + prior.entropy()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        # A heading drawn from a von Mises distribution: its sample is a `@torch.no_grad()`
        # rejection loop Dynamo refuses, and export guards on its data.
        Invalid(
            """
            import torch
            from torch import nn
            import torch.distributions as D

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = nn.Linear(4, 2)

                def forward(self, h):
                    mu, kappa = self.head(h).unbind(-1)
                    heading = D.VonMises(mu, kappa.exp(), validate_args=False)
                    return heading.sample()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=13,
            backends=("compile", "export"),
            message_contains="sourceless builder",
        ),
        # Checks off, but a fixed scale given as a Python number becomes a traced constant.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.distributions import Normal

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 4)

                def forward(self, h, y):
                    return Normal(self.proj(h), 1.0, validate_args=False).log_prob(y).sum(-1)

            def inputs():
                return [(torch.randn(2, 4), torch.randn(2, 4)), (torch.randn(3, 4), torch.randn(3, 4))]
            """,
            line=11,
            trace_warning=True,
            backends=("trace",),
            message_contains="TracerWarning: torch.tensor results are registered as constants",
        ),
        # Checks off, but OneHotCategorical builds a Categorical that validates.
        Invalid(
            """
            import torch
            from torch import nn
            import torch.distributions as D

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.logits = nn.Linear(4, 3)

                def forward(self, h):
                    policy = D.OneHotCategorical(logits=self.logits(h), validate_args=False)
                    return policy.probs

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            trace_warning=True,
            backends=("export", "trace"),
        ),
        # A Gaussian output head: the constructor checks loc and scale, log_prob the value.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.distributions import Normal

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 8)

                def forward(self, h, y):
                    mu, log_sigma = self.proj(h).chunk(2, -1)
                    dist = Normal(mu, log_sigma.exp())
                    return dist.log_prob(y).sum(-1)

            def inputs():
                return [(torch.randn(2, 4), torch.randn(2, 4)), (torch.randn(3, 4), torch.randn(3, 4))]
            """,
            line=12,
            trace_warning=True,
            fixed="""
            import torch
            from torch import nn
            from torch.distributions import Normal

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 8)

                def forward(self, h, y):
                    mu, log_sigma = self.proj(h).chunk(2, -1)
                    dist = Normal(mu, log_sigma.exp(), validate_args=False)
                    return dist.log_prob(y).sum(-1)

            def inputs():
                return [(torch.randn(2, 4), torch.randn(2, 4)), (torch.randn(3, 4), torch.randn(3, 4))]
            """,
        ),
        # A masked Categorical: the subclass's own constructor hands the logits to torch's.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.distributions import Categorical

            class MaskedCategorical(Categorical):
                def __init__(self, logits, mask):
                    super().__init__(logits=logits.masked_fill(~mask, -1e8))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.policy = nn.Linear(4, 3)

                def forward(self, obs, mask):
                    return MaskedCategorical(self.policy(obs), mask).entropy()

            def inputs():
                mask = torch.tensor([[True, False, True], [True, True, False]])
                return [(torch.randn(2, 4), mask), (torch.randn(2, 4), mask.flip(0))]
            """,
            line=7,
            trace_warning=True,
        ),
        # A project subclass keeping torch's constructor: its own method's `self.cdf(x)` is
        # torch's, on an object built with the checks on.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.distributions import Normal

            class Gauss(Normal):
                def log_cdf(self, value):
                    return self.cdf(value).clamp_min(1e-6).log()

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 4)

                def forward(self, h, y):
                    dist = Gauss(self.proj(h), torch.ones_like(h))
                    return dist.log_cdf(y)

            def inputs():
                return [(torch.randn(2, 4), torch.randn(2, 4)), (torch.randn(3, 4), torch.randn(3, 4))]
            """,
            line=7,
            trace_warning=True,
        ),
        # A prior kept on self (Bayes by backprop): its log_prob checks the sampled weights.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.mu = nn.Parameter(torch.zeros(4, 4))
                    self.prior = torch.distributions.Laplace(0.0, 1.0)

                def forward(self, x):
                    w = self.mu + 0.1 * torch.tanh(self.mu)
                    complexity = self.prior.log_prob(w).sum()
                    return x @ w + complexity

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            trace_warning=True,
        ),
    ]

    def __init__(self, ctx: LintContext) -> None:
        super().__init__(ctx)
        self._default_off = "set_default_validate_args(False)" in ctx.source

    @classmethod
    def may_report(cls, text, summary) -> bool:  # type: ignore[no-untyped-def]
        return "distributions" in text

    def _distribution_class(self, call: cst.Call) -> bool:
        """A call of a torch.distributions class, or of a project subclass of one that keeps
        torch's constructor (``class Normal(torch.distributions.Normal)`` adding a method): the
        call runs torch's checks."""
        name = self.ctx.qualified_name(call.func) or ""
        if distribution_class(name):
            return True
        mro = self.ctx.index.mro(name) if name else []
        return (
            bool(mro)
            and not any("__init__" in cls.methods for _, _, cls in mro)
            and self._derives_from_distribution(mro)
        )

    @staticmethod
    def _derives_from_distribution(mro: list) -> bool:
        return any(distribution_class(base) for _, _, cls in mro for base in cls.bases)

    def _distribution_init(self, call: cst.Call) -> bool:
        """``super().__init__(logits=...)`` in a subclass of a torch.distributions class (a
        masked Categorical)."""
        func = call.func
        info = self.ctx.function_info
        if not (
            isinstance(func, cst.Attribute)
            and func.attr.value == "__init__"
            and isinstance(func.value, cst.Call)
            and isinstance(func.value.func, cst.Name)
            and func.value.func.value == "super"
            and info is not None
            and info.owner_class
        ):
            return False
        mro = self.ctx.index.mro(info.owner_class)
        # A project base with its own constructor takes the call (and its super() call is
        # torch's, where the checks run).
        return not any("__init__" in cls.methods for _, _, cls in mro[1:]) and (
            self._derives_from_distribution(mro)
        )

    def _validating(self, value: Optional[cst.BaseExpression]) -> bool:
        """``value`` is a distribution constructor call that leaves validation on."""
        if not isinstance(value, cst.Call) or not (
            self._distribution_class(value) or self._distribution_init(value)
        ):
            return False
        flag = keyword(value, "validate_args")
        if flag is None or self._passed_default(flag):
            return not self._default_off
        return isinstance(flag, cst.Name) and flag.value == "True"

    def _passed_default(self, flag: cst.BaseExpression) -> bool:
        """``validate_args=validate_args``, the current function's parameter defaulting to
        None (a subclass's ``__init__(..., validate_args=None)`` handing it to torch's): torch
        follows its default, the checks on, unless a caller says otherwise."""
        function = self.ctx.function
        if not isinstance(flag, cst.Name) or function is None:
            return False
        params = function.params
        return any(
            param.name.value == flag.value
            and isinstance(param.default, cst.Name)
            and param.default.value == "None"
            for param in (*params.params, *params.kwonly_params)
        )

    def _unvalidated(self, value: Optional[cst.BaseExpression]) -> Optional[cst.Call]:
        """``value`` is (or names the one value of) a torch.distributions constructor call
        with validation off and a tensor among its arguments: that call."""
        if isinstance(value, cst.Name):
            bound = assignments(self.ctx.function, value.value)
            if len(bound) != 1 or bound[0][0] is UNKNOWN_VALUE or bound[0][2] != 1:
                return None
            value = bound[0][0]
        if not isinstance(value, cst.Call) or not self._distribution_class(value):
            return None
        if self._validating(value) or not self._tensor_arguments(value):
            return None
        return value

    def _tensor_arguments(self, call: cst.Call) -> bool:
        return any(
            not arg.star
            and (arg.keyword is None or arg.keyword.value != "validate_args")
            # a value of unknown kind too: what graph code builds a distribution of
            and self.ctx.kind(arg.value) in (Kind.TENSOR, Kind.UNKNOWN)
            for arg in call.args
        )

    def _report_unvalidated(self, node: cst.Call, built: cst.Call, member: str) -> None:
        """What torch still does under trace / export with the checks off, from the table."""
        cls = (self.ctx.qualified_name(built.func) or "").rsplit(".", 1)[-1]
        numbers = any(_number(arg.value) for arg in built.args)
        failing = unvalidated_failures(cls, "numbers" if numbers else "tensors", member)
        if not failing:
            return
        shown = cls if member == "__init__" else f"{cls}.{member}"
        clauses = []
        if "compile" in failing:
            clauses.append(
                (
                    "compile",
                    "torch.compile(fullgraph=True) raises inside torch.distributions "
                    f"({failing['compile']}) and plain torch.compile breaks the graph here",
                )
            )
        if "export" in failing:
            error = failing["export"].split(":", 1)[0]
            clauses.append(("export", f"torch.export fails inside torch.distributions ({error})"))
        if "trace" in failing:
            warning = failing["trace"].rsplit(": ", 1)[-1]
            clauses.append(
                (
                    "trace",
                    f"torch.jit.trace warns inside torch.distributions (TracerWarning: {warning})",
                )
            )
        if numbers and not unvalidated_failures(cls, "tensors", member):
            advice = (
                "pass every parameter as a tensor (`torch.full_like(loc, 1.0)`), which it keeps"
            )
        else:
            advice = (
                "compute what the model needs from the parameters in closed form, or use the "
                "distribution outside the converted module"
            )
        message = Message(
            f"`{shown}` with its checks off (`validate_args=False`) still fails or warns "
            "inside torch.distributions",
            tuple(clauses),
            advice,
            frozenset({"trace"}),
        )
        self.report(node, message, targets=tuple(b for b, _ in clauses))

    def _validating_receiver(self, receiver: cst.BaseExpression, method: str) -> bool:
        if isinstance(receiver, cst.Name) and receiver.value == "self":
            return self._self_validates(method)
        if isinstance(receiver, cst.Call):
            return self._validating(receiver) and not self._checks_tensors(receiver)
        if isinstance(receiver, cst.Name):
            bound = assignments(self.ctx.function, receiver.value)
            return bool(bound) and all(
                value is not UNKNOWN_VALUE and size == 1 and self._validating(value)
                for value, _, size in bound
            )
        values = self._method_values(receiver) or init_values(self.ctx, receiver)
        return bool(values) and any(self._validating(value) for value in values)

    def _method_values(self, receiver: cst.BaseExpression) -> list[Optional[cst.BaseExpression]]:
        """What the methods of the current method's class (defined in this file) bind to
        ``self.<attr>`` for ``receiver`` = ``self.<attr>``: a distribution that one method
        builds (``proba_distribution``: ``self.distribution = Normal(mean, std)``) and another
        reads (``self.distribution.log_prob(actions)``)."""
        attr = self_attribute(receiver)
        info = self.ctx.function_info
        if attr is None or info is None or not info.owner_class:
            return []
        owner = info.owner_class.removeprefix(self.ctx.model.summary.module + ".")
        cls = top_level_definition(self.ctx.module, owner)
        if not isinstance(cls, cst.ClassDef):
            return []
        return [
            value
            for statement in cls.body.body
            if isinstance(statement, cst.FunctionDef)
            for value in self_assignments(statement, attr)
        ]

    def _self_validates(self, method: str) -> bool:
        """``self.<method>`` in a method of a project subclass of a torch.distributions class
        runs torch's checking ``method`` (no project class overrides it) on an object built
        with the checks on: by torch's constructor (no project ``__init__``), or by project
        constructors in this file whose ``super().__init__`` leaves validation on."""
        info = self.ctx.function_info
        if info is None or not info.owner_class or self._default_off:
            return False
        mro = self.ctx.index.mro(info.owner_class)
        if (
            not mro
            or not self._derives_from_distribution(mro)
            or any(method in cls.methods for _, _, cls in mro)
        ):
            return False
        if self._made_with_a_flag(info.owner_class):
            return False
        module = self.ctx.model.summary.module + "."
        for name, _, cls in mro:
            if "__init__" not in cls.methods:
                continue
            if not name.startswith(module):
                return False  # another file's constructor: not read here
            init = top_level_definition(self.ctx.module, f"{name.removeprefix(module)}.__init__")
            if not isinstance(init, cst.FunctionDef) or not self._init_validates(init):
                return False
        return True

    def _made_with_a_flag(self, owner: str) -> bool:
        """Somewhere in the project a call of ``owner`` (or of a subclass) passes
        ``validate_args`` (or ``*args`` / ``**kwargs``, which may): those objects may check
        nothing."""
        index = self.ctx.index
        for summary in list(index.by_path.values()):
            if index.accessed is not None:
                index.accessed.add(summary.module)
            for target, calls in summary.constructions.items():
                flagged = any(call is None or "validate_args" in call[1] for call in calls)
                if flagged and any(name == owner for name, _, _ in index.mro(target)):
                    return True
        return False

    def _init_validates(self, init: cst.FunctionDef) -> bool:
        """Every ``super().__init__`` of ``init`` leaves the checks on (no
        ``validate_args=False``, nor a value other than its own None-default parameter)."""
        found = False
        for call in _super_init_calls(init):
            found = True
            flag = keyword(call, "validate_args")
            if flag is None:
                continue
            if not (
                isinstance(flag, cst.Name)
                and (
                    flag.value == "True"
                    or any(
                        param.name.value == flag.value
                        and isinstance(param.default, cst.Name)
                        and param.default.value == "None"
                        for param in (*init.params.params, *init.params.kwonly_params)
                    )
                )
            ):
                return False
        return found

    def _checks_tensors(self, call: cst.Call) -> bool:
        """A validating constructor given a tensor (or a value of unknown kind): it checks it
        while tracing; or a subclass's ``super().__init__(validate_args=...)`` given none,
        where torch checks the class's ``arg_constraints`` attributes the constructor has set
        on ``self`` (``self.dim = torch.tensor(dim)``)."""
        if not self._validating(call):
            return False
        return self._tensor_arguments(call) or (
            self._distribution_init(call) and self._constrained_attributes()
        )

    def _constrained_attributes(self) -> bool:
        """The current ``__init__``'s class body names in ``arg_constraints`` an attribute
        the ``__init__`` binds to a tensor (or a value of unknown kind) before its
        ``super().__init__``."""
        info = self.ctx.function_info
        function = self.ctx.function
        if info is None or function is None or not info.owner_class:
            return False
        owner = info.owner_class.removeprefix(self.ctx.model.summary.module + ".")
        cls = top_level_definition(self.ctx.module, owner)
        if not isinstance(cls, cst.ClassDef):
            return False
        names: set[str] = set()
        for statement in cls.body.body:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                if (
                    isinstance(small, cst.Assign)
                    and any(
                        isinstance(t.target, cst.Name) and t.target.value == "arg_constraints"
                        for t in small.targets
                    )
                    and isinstance(small.value, cst.Dict)
                ):
                    names.update(
                        element.key.evaluated_value
                        for element in small.value.elements
                        if isinstance(element, cst.DictElement)
                        and isinstance(element.key, cst.SimpleString)
                    )
        if not names:
            return False
        for statement in function.body.body:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                if not isinstance(small, cst.Assign):
                    continue
                for target in small.targets:
                    if (
                        isinstance(target.target, cst.Attribute)
                        and isinstance(target.target.value, cst.Name)
                        and target.target.value.value == "self"
                        and target.target.attr.value in names
                        and self.ctx.kind(small.value) in (Kind.TENSOR, Kind.UNKNOWN)
                    ):
                        return True
        return False

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        if self._checks_tensors(node):
            self.report(node)
            return
        if self._unvalidated(node) is not None:
            self._report_unvalidated(node, node, "__init__")
            return
        func = node.func
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value == "_validate_sample"
            and len(node.args) == 1
        ):
            # The support check itself, whatever the flag: subclasses call it under
            # `if self._validate_args:`, which is on by default.
            self.report(node)
            return
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value in SAMPLE_CHECKING_METHODS
            and len(node.args) == 1
            and self._validating_receiver(func.value, func.attr.value)
        ):
            self.report(node)
        if isinstance(func, cst.Attribute) and func.attr.value in MEASURED_METHODS:
            built = self._unvalidated(func.value)
            if built is not None:
                self._report_unvalidated(node, built, func.attr.value)


def _number(value: cst.BaseExpression) -> bool:
    """A Python number literal (``1.0``, ``-1``)."""
    if isinstance(value, cst.UnaryOperation):
        value = value.expression
    return isinstance(value, (cst.Integer, cst.Float))


def _super_init_calls(function: cst.FunctionDef) -> list[cst.Call]:
    """The ``super().__init__(...)`` calls in ``function``."""
    found: list[cst.Call] = []

    class Finder(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            func = node.func
            if (
                isinstance(func, cst.Attribute)
                and func.attr.value == "__init__"
                and isinstance(func.value, cst.Call)
                and isinstance(func.value.func, cst.Name)
                and func.value.func.value == "super"
            ):
                found.append(node)

    function.body.visit(Finder())
    return found
