"""Generate ``rules/distribution_tables.json``: which torch.distributions classes still fail
trace or export with their argument checks off (``validate_args=False``).

``validate_args=False`` turns off a distribution's own constraint checks, but not everything its
constructor and methods do with the traced tensors, and torch decides which: an inner
distribution built without the flag checks its arguments anyway (``OneHotCategorical``'s
``Categorical``, ``StudentT``'s ``Chi2``), shapes are compared as Python bools
(``MixtureSameFamily``, ``LowRankMultivariateNormal``), a Python number argument becomes a
``torch.tensor`` constant (``broadcast_all``: ``Normal(mu, 1.0)``). So it is asked of torch
here, once per torch version:

    python benchmarks/distribution_tables.py      # add / refresh the installed torch's entry

Each class of ``torch.distributions.__all__`` with a recipe below is built with
``validate_args=False`` from an input ``x`` (2 x 3) in two forms: every parameter a tensor made
from ``x`` (``tensors``), and one parameter a Python number where model code commonly writes one
(``numbers``: a fixed scale, a count, a temperature). For the constructor and each method model
code calls (``log_prob`` of a sample, ``entropy``, ``mean``, ``variance``, ``sample``,
``rsample``), a function building the distribution and calling it is

- traced with ``torch.jit.trace``: ``trace`` when torch raises a TracerWarning from its own code
  (a file of torch outside ``torch/nn``, as the probes' oracle counts warnings), for a method
  only a warning at a line the constructor alone does not warn at;
- exported with ``torch.export.export``: ``export`` when export fails, for a method only when
  the constructor alone exports.

- compiled with ``torch.compile(fullgraph=True)`` (after every trace and export above: a
  compile turns the checks off for the whole process): ``compile`` when Dynamo refuses it,
  with the graph-break type (``VonMises.sample``, a ``@torch.no_grad()`` method with a
  rejection loop: "Unexpected type in sourceless builder"), for a method only when the
  constructor alone compiles, and for ``log_prob`` (of a sample) only when ``sample`` does not
  fail so.

A member eager does not run (not implemented, or not for that form's arguments) is left out. Only failing members are stored, with the
warning or error that showed it.
"""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path
from typing import Any, Callable, Optional

OUT = Path(__file__).resolve().parent.parent / "rules" / "distribution_tables.json"
METHODS = ("log_prob", "entropy", "mean", "variance", "sample", "rsample")


def recipes() -> dict[str, tuple[Callable[[Any], Any], Optional[Callable[[Any], Any]]]]:
    """Per class: how to build it from ``x`` with tensors only, and with a Python number."""
    import torch  # noqa: PLC0415 - the generator needs torch, the linter never does
    import torch.distributions as D  # noqa: PLC0415, N812

    off = {"validate_args": False}

    def pos(x: Any) -> Any:
        return x.abs() + 0.5

    def unit(x: Any) -> Any:
        return torch.sigmoid(x) * 0.8 + 0.1

    def simplex(x: Any) -> Any:
        return torch.softmax(x, -1)

    def tril(x: Any) -> Any:
        return torch.diag_embed(pos(x))

    return {
        "Bernoulli": (lambda x: D.Bernoulli(logits=x, **off), None),
        "Beta": (
            lambda x: D.Beta(pos(x), pos(x) + 1, **off),
            lambda x: D.Beta(2.0, pos(x), **off),
        ),
        "Binomial": (
            lambda x: D.Binomial(torch.full_like(x, 5.0), logits=x, **off),
            lambda x: D.Binomial(5, logits=x, **off),
        ),
        "Categorical": (lambda x: D.Categorical(logits=x, **off), None),
        "Cauchy": (
            lambda x: D.Cauchy(x, pos(x), **off),
            lambda x: D.Cauchy(x, 1.0, **off),
        ),
        "Chi2": (lambda x: D.Chi2(pos(x), **off), None),
        "ContinuousBernoulli": (lambda x: D.ContinuousBernoulli(logits=x, **off), None),
        "Dirichlet": (lambda x: D.Dirichlet(pos(x), **off), None),
        "Exponential": (lambda x: D.Exponential(pos(x), **off), None),
        "FisherSnedecor": (
            lambda x: D.FisherSnedecor(pos(x), pos(x) + 1, **off),
            lambda x: D.FisherSnedecor(3.0, pos(x), **off),
        ),
        "Gamma": (
            lambda x: D.Gamma(pos(x), pos(x) + 1, **off),
            lambda x: D.Gamma(2.0, pos(x), **off),
        ),
        "GeneralizedPareto": (
            lambda x: D.GeneralizedPareto(x, pos(x), unit(x), **off),
            lambda x: D.GeneralizedPareto(x, 1.0, 0.1, **off),
        ),
        "Geometric": (lambda x: D.Geometric(logits=x, **off), None),
        "Gumbel": (
            lambda x: D.Gumbel(x, pos(x), **off),
            lambda x: D.Gumbel(x, 1.0, **off),
        ),
        "HalfCauchy": (lambda x: D.HalfCauchy(pos(x), **off), None),
        "HalfNormal": (lambda x: D.HalfNormal(pos(x), **off), None),
        "Independent": (lambda x: D.Independent(D.Normal(x, pos(x), **off), 1, **off), None),
        "InverseGamma": (
            lambda x: D.InverseGamma(pos(x) + 1, pos(x), **off),
            lambda x: D.InverseGamma(2.0, pos(x), **off),
        ),
        "Kumaraswamy": (
            lambda x: D.Kumaraswamy(pos(x), pos(x) + 1, **off),
            lambda x: D.Kumaraswamy(2.0, pos(x), **off),
        ),
        "Laplace": (
            lambda x: D.Laplace(x, pos(x), **off),
            lambda x: D.Laplace(x, 1.0, **off),
        ),
        "LogNormal": (
            lambda x: D.LogNormal(x, pos(x), **off),
            lambda x: D.LogNormal(x, 1.0, **off),
        ),
        "LogisticNormal": (
            lambda x: D.LogisticNormal(x, pos(x), **off),
            lambda x: D.LogisticNormal(x, 1.0, **off),
        ),
        "LowRankMultivariateNormal": (
            lambda x: D.LowRankMultivariateNormal(x, x.unsqueeze(-1), pos(x), **off),
            None,
        ),
        "MixtureSameFamily": (
            lambda x: D.MixtureSameFamily(
                D.Categorical(logits=x, **off), D.Normal(x, pos(x), **off), **off
            ),
            None,
        ),
        "Multinomial": (
            lambda x: D.Multinomial(logits=x, **off),
            lambda x: D.Multinomial(5, logits=x, **off),
        ),
        "MultivariateNormal": (
            lambda x: D.MultivariateNormal(x, scale_tril=tril(x), **off),
            None,
        ),
        "NegativeBinomial": (
            lambda x: D.NegativeBinomial(pos(x), logits=x, **off),
            lambda x: D.NegativeBinomial(5, logits=x, **off),
        ),
        "Normal": (
            lambda x: D.Normal(x, pos(x), **off),
            lambda x: D.Normal(x, 1.0, **off),
        ),
        "OneHotCategorical": (lambda x: D.OneHotCategorical(logits=x, **off), None),
        "OneHotCategoricalStraightThrough": (
            lambda x: D.OneHotCategoricalStraightThrough(logits=x, **off),
            None,
        ),
        "Pareto": (
            lambda x: D.Pareto(pos(x), pos(x) + 1, **off),
            lambda x: D.Pareto(1.0, pos(x), **off),
        ),
        "Poisson": (lambda x: D.Poisson(pos(x), **off), None),
        "RelaxedBernoulli": (
            lambda x: D.RelaxedBernoulli(pos(x), logits=x, **off),
            lambda x: D.RelaxedBernoulli(0.5, logits=x, **off),
        ),
        "RelaxedOneHotCategorical": (
            lambda x: D.RelaxedOneHotCategorical(pos(x)[..., :1], logits=x, **off),
            lambda x: D.RelaxedOneHotCategorical(0.5, logits=x, **off),
        ),
        "StudentT": (
            lambda x: D.StudentT(pos(x) + 1, x, pos(x), **off),
            lambda x: D.StudentT(3.0, x, pos(x), **off),
        ),
        "TransformedDistribution": (
            lambda x: D.TransformedDistribution(
                D.Normal(x, pos(x), **off), [D.transforms.TanhTransform()], **off
            ),
            None,
        ),
        "Uniform": (
            lambda x: D.Uniform(x, x + pos(x), **off),
            lambda x: D.Uniform(0.0, pos(x), **off),
        ),
        "VonMises": (
            lambda x: D.VonMises(x, pos(x), **off),
            lambda x: D.VonMises(x, 1.0, **off),
        ),
        "Weibull": (
            lambda x: D.Weibull(pos(x), pos(x) + 1, **off),
            lambda x: D.Weibull(1.0, pos(x), **off),
        ),
        "Wishart": (
            lambda x: D.Wishart(df=torch.full_like(x[:, 0], 4.0), scale_tril=tril(x), **off),
            lambda x: D.Wishart(df=4.0, scale_tril=tril(x), **off),
        ),
    }


def call(build: Callable[[Any], Any], member: str, x: Any) -> Any:
    """Build the distribution from ``x`` and use ``member`` (``__init__``: only build it)."""
    dist = build(x)
    if member == "__init__":
        return x + 0
    if member == "log_prob":
        return dist.log_prob(dist.sample())
    value = getattr(dist, member)
    return value() if callable(value) else value


def trace_warnings(function: Callable[[Any], Any], x: Any) -> set[tuple[str, int, str]]:
    """(file, line, message) of each TracerWarning torch's own code (not torch.nn's) raises."""
    import torch  # noqa: PLC0415

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.jit.trace(function, (x,), check_trace=False)
    found = set()
    for w in caught:
        path = Path(w.filename).as_posix()
        if issubclass(w.category, torch.jit.TracerWarning) and "/torch/" in path:
            relative = path.rsplit("/torch/", 1)[1]
            if not relative.startswith("nn/"):
                found.add((f"torch/{relative}", w.lineno, str(w.message).split(". ")[0]))
    return found


def export_error(function: Callable[[Any], Any], x: Any) -> Optional[str]:
    import torch  # noqa: PLC0415

    class Wrapper(torch.nn.Module):
        def forward(self, x: Any) -> Any:
            return function(x)

    try:
        torch.export.export(Wrapper(), (x,))
    except Exception as error:  # noqa: BLE001 - any failure is export's verdict
        return f"{type(error).__name__}: {str(error).splitlines()[0][:120]}"
    return None


def measure_form(build: Callable[[Any], Any], x: Any) -> dict[str, dict[str, str]]:
    """The failing members of one form: member -> back-end -> what showed it. Measured with
    torch's default on (validation follows ``__debug__``): a ``torch.compile`` earlier in the
    process turns it off for the whole process, and with it the inner distributions' checks."""
    from torch.distributions import Distribution  # noqa: PLC0415

    default = Distribution._validate_args
    Distribution.set_default_validate_args(True)
    try:
        return _measure_form(build, x)
    finally:
        Distribution.set_default_validate_args(default)


def _measure_form(build: Callable[[Any], Any], x: Any) -> dict[str, dict[str, str]]:
    failing: dict[str, dict[str, str]] = {}
    try:
        call(build, "__init__", x)
    except Exception:  # noqa: BLE001 - a form eager rejects (a number torch wants as a tensor)
        return {}
    init_warned = trace_warnings(lambda t: call(build, "__init__", t), x)
    init_export = export_error(lambda t: call(build, "__init__", t), x)
    for member in ("__init__", *METHODS):
        try:
            call(build, member, x)
        except Exception:  # noqa: BLE001 - not implemented, or not for this form's arguments
            continue
        verdicts: dict[str, str] = {}
        warned = trace_warnings(lambda t, m=member: call(build, m, t), x)
        if member != "__init__":
            warned -= init_warned
        if warned:
            file, line, message = sorted(warned)[0]
            verdicts["trace"] = f"TracerWarning at {file}:{line}: {message}"
        if member == "__init__" or init_export is None:
            error = export_error(lambda t, m=member: call(build, m, t), x)
            if error:
                verdicts["export"] = error
        if verdicts:
            failing[member] = verdicts
    return failing


def compile_break(function: Callable[[Any], Any], x: Any) -> Optional[str]:
    """The graph-break type ``torch.compile(fullgraph=True)`` raises on ``function``."""
    import logging  # noqa: PLC0415

    import torch  # noqa: PLC0415
    from torch._dynamo.exc import Unsupported  # noqa: PLC0415

    torch._logging.set_logs(dynamo=logging.CRITICAL)
    torch._dynamo.reset()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch.compile(function, fullgraph=True, backend="eager")(x)
    except Unsupported as error:
        return error.gb_type
    except Exception:  # noqa: BLE001 - another failure (a data-dependent guard): not this table's
        return None
    finally:
        torch._dynamo.reset()
    return None


def compile_failures(build: Callable[[Any], Any], x: Any) -> dict[str, str]:
    """member -> the graph-break type of the members ``fullgraph=True`` refuses."""
    try:
        call(build, "__init__", x)
    except Exception:  # noqa: BLE001 - a form eager rejects
        return {}
    failing: dict[str, str] = {}
    init_break = compile_break(lambda t: call(build, "__init__", t), x)
    for member in ("__init__", *METHODS):
        try:
            call(build, member, x)
        except Exception:  # noqa: BLE001 - not implemented, or not for this form's arguments
            continue
        if member != "__init__" and init_break is not None:
            continue
        found = init_break if member == "__init__" else None
        if member != "__init__":
            found = compile_break(lambda t, m=member: call(build, m, t), x)
        if found:
            failing[member] = found
    if "log_prob" in failing and failing["log_prob"] == failing.get("sample"):
        del failing["log_prob"]  # measured on a sample: the sample's refusal, not its own
    return failing


def main() -> None:
    import torch  # noqa: PLC0415

    torch.manual_seed(0)
    x = torch.randn(2, 3)
    unvalidated: dict[str, dict[str, dict]] = {}
    for name, (tensors, numbers) in sorted(recipes().items()):
        forms = {"tensors": measure_form(tensors, x)}
        if numbers is not None:
            forms["numbers"] = measure_form(numbers, x)
        unvalidated[name] = forms
    # Compiled last: the first compile turns torch's checks off for the whole process.
    for name, (tensors, numbers) in sorted(recipes().items()):
        built = (
            {"tensors": tensors} if numbers is None else {"tensors": tensors, "numbers": numbers}
        )
        for form, build in built.items():
            for member, gb_type in compile_failures(build, x).items():
                unvalidated[name][form].setdefault(member, {})["compile"] = gb_type
        unvalidated[name] = {
            form: members for form, members in unvalidated[name].items() if members
        }
        print(f"{name:34} {json.dumps(unvalidated[name])[:150]}", flush=True)
    version = ".".join(torch.__version__.split("+")[0].split(".")[:2])
    tables = json.loads(OUT.read_text()) if OUT.exists() else {}
    tables[version] = {
        "torch": torch.__version__,
        "measured": sorted(recipes()),
        "unvalidated": {name: forms for name, forms in unvalidated.items() if forms},
    }
    OUT.write_text(json.dumps(tables, indent=1, sort_keys=True) + "\n")
    print(f"{len(tables[version]['unvalidated'])} of {len(unvalidated)} classes fail -> {OUT}")


if __name__ == "__main__":
    sys.exit(main())
