"""The ``fresh14`` corpus: a seventeenth held-back set of packages, held back for a blind first
score.

Built like ``fresh13`` (which it follows as a held-back generalisation figure): nobody reads its
misses or tunes a rule on it before its first score. Pure-PyTorch packages outside the dev
corpora (``transformers``, ``pytorch``), the ``wider``, ``unseen``, ``fresh`` to ``fresh13``
corpora and the held-out list (timm, vit-pytorch, x-transformers, diffusers,
efficientnet-pytorch, transformers), by nine authors or teams (none of them lucidrains):
stochastic differential equation solvers with Brownian-interval sampling (torchsde), a parallel
ODE solver with adaptive step-size control (torchode), numerical quadrature by grids, Monte Carlo
and VEGAS (torchquad), normalising-flow transforms and autoregressive networks of a probabilistic
programming language (pyro-ppl, imported as ``pyro``), quaternions as a Tensor subclass
(quatorch), radial basis function interpolation (torchrbf), the non-uniform FFT with an
exponential-of-semicircle kernel (torchesnufft), a spectral-normalised neural Gaussian process
layer (SNGP, imported as ``sngp``) and B-spline Kolmogorov-Arnold layers (inkan).

Each model runs as ``NAME.eval``; the one whose package code runs otherwise in training
(``TRAINING``: pyro's batch-norm transform, which normalises by the batch's own statistics and
updates its running ones in training) also as ``NAME.train``. No other package code here reads
the mode (the SNGP layer's spectral normalisation is torch's own hook, the same code in both).
The pins are in setup_env.sh (installed with ``--no-deps``: none of them may bring another
torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``), plus the
input kinds below: ``sde_state`` (y0: batch × 4, ts: seq / 2 times in [0, 1]), ``ode_state``
(y0: batch × 4, t_eval: batch × seq / 2 times in [0, 1], each row its own), ``centres`` (x:
batch × 2 centres of Gaussian bumps in [0, 1]²), ``flow_samples`` (x: batch·seq × 4),
``axis_angle`` (axis: batch·seq × 3, angle: batch·seq, v: batch·seq × 3), ``quat_pairs``
(q1, q2: batch·seq × 4 unit quaternions, t: batch·seq × 1 in [0, 1]), ``query_points`` (x:
batch·seq × 2 in [0, 1]²), ``nonuniform`` (x: 1 × 4·seq points in [-π, π), c: batch × 2 ×
4·seq complex strengths), ``fourier_modes`` (x: 1 × 4·seq points in [-π, π), f: batch × 2 × 16
complex modes), ``kan_inputs`` (x: batch·seq × 4 in [-1, 1]), ``surface_inputs`` (x: batch·seq
× 2 in [-1, 1]) and ``gp_inputs`` (x: batch·seq × 8).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "inkan": "inkan",
    "pyro": "pyro-ppl",
    "quatorch": "quatorch",
    "sngp": "SNGP",
    "torchesnufft": "torchesnufft",
    "torchode": "torchode",
    "torchquad": "torchquad",
    "torchrbf": "torchrbf",
    "torchsde": "torchsde",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _sde(kind: str) -> Any:
    """torchsde's ``sdeint`` on an SDE of this file (a drift network and a diffusion, 4 states)
    behind a module of this file that draws the Brownian motion from a seeded
    ``BrownianInterval`` each call: Itô with diagonal noise by Euler-Maruyama and by Milstein,
    Itô with additive noise by the stochastic Runge-Kutta scheme, Stratonovich with general noise
    (2 Brownian channels) by the reversible Heun scheme, adaptive Euler-Heun steps (Stratonovich,
    diagonal), and the latent SDE's KL penalty (``logqp``, a prior drift)."""

    def factory() -> Any:
        import torch
        import torchsde

        noise = {"srk": "additive", "reversible_heun": "general"}.get(kind, "diagonal")
        sde_type = "stratonovich" if kind in ("reversible_heun", "adaptive") else "ito"
        brownian = 2 if noise == "general" else 4

        class SDE(torch.nn.Module):
            noise_type = noise

            def __init__(self) -> None:
                super().__init__()
                self.sde_type = sde_type
                self.drift = torch.nn.Sequential(
                    torch.nn.Linear(5, 16), torch.nn.Tanh(), torch.nn.Linear(16, 4)
                )
                self.sigma = torch.nn.Linear(4, 4 * brownian if noise == "general" else 4)
                self.log_scale = torch.nn.Parameter(torch.full((4,), -1.0))

            def f(self, t: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
                time = torch.zeros_like(y[:, :1]) + t
                return self.drift(torch.cat([y, time], dim=-1))

            def h(self, t: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
                return -y

            def g(self, t: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
                if noise == "additive":
                    return torch.diag_embed(self.log_scale.exp()).expand(y.shape[0], 4, 4)
                if noise == "general":
                    return torch.tanh(self.sigma(y)).view(y.shape[0], 4, brownian)
                return torch.sigmoid(self.sigma(y)) * self.log_scale.exp()

        method = {"adaptive": "euler_heun"}.get(kind, kind)

        class Solve(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.sde = SDE()

            def forward(self, y0: torch.Tensor, ts: torch.Tensor) -> Any:
                bm = torchsde.BrownianInterval(
                    t0=ts[0],
                    t1=ts[-1],
                    size=(y0.shape[0], brownian + (kind == "logqp")),
                    dtype=y0.dtype,
                    entropy=7,
                    levy_area_approximation="space-time" if kind == "srk" else "none",
                )
                if kind == "logqp":
                    return torchsde.sdeint(
                        self.sde, y0, ts, bm=bm, method="euler", dt=0.05, logqp=True
                    )
                return torchsde.sdeint(
                    self.sde, y0, ts, bm=bm, method=method, dt=0.05, adaptive=kind == "adaptive"
                )

        return Solve()

    return factory


def _ode(kind: str) -> Any:
    """torchode's ``AutoDiffAdjoint`` (the solver loop as a module) over a vector field of this
    file (a small network, 4 states), each row of the batch with its own evaluation times:
    Tsit5 with an integral step-size controller, and Euler with a fixed step."""

    def factory() -> Any:
        import torch
        import torchode

        class Field(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.net = torch.nn.Sequential(
                    torch.nn.Linear(4, 16), torch.nn.Tanh(), torch.nn.Linear(16, 4)
                )

            def forward(self, t: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
                return self.net(y) * torch.cos(t)[:, None]

        class Solve(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.field = Field()
                term = torchode.ODETerm(self.field)
                if kind == "tsit5":
                    step = torchode.Tsit5(term=term)
                    control = torchode.IntegralController(atol=1e-5, rtol=1e-4, term=term)
                else:
                    step = torchode.Euler(term=term)
                    control = torchode.FixedStepController()
                self.term = term
                self.solver = torchode.AutoDiffAdjoint(step, control, max_steps=200)

            def forward(self, y0: torch.Tensor, t_eval: torch.Tensor) -> Any:
                problem = torchode.InitialValueProblem(
                    y0=y0, t_start=t_eval[:, 0], t_end=t_eval[:, -1], t_eval=t_eval
                )
                dt0 = torch.full((y0.shape[0],), 0.05) if kind == "euler" else None
                solution = self.solver.solve(problem, self.term, dt0=dt0)
                return solution.ys, solution.stats["n_steps"]

        return Solve()

    return factory


def _quad(kind: str) -> Any:
    """torchquad's integrators of a vectorised integrand of this file (a Gaussian bump per
    centre, its width learnt) over the unit square: the trapezoid and Simpson rules (121
    points), Gauss-Legendre (64), plain Monte Carlo (400 points, seeded) and VEGAS (2,000
    evaluations, seeded, 4 iterations, the bumps' sum)."""

    def factory() -> Any:
        import torch
        import torchquad

        integrator = {
            "trapezoid": torchquad.Trapezoid,
            "simpson": torchquad.Simpson,
            "gauss_legendre": torchquad.GaussLegendre,
            "monte_carlo": torchquad.MonteCarlo,
            "vegas": torchquad.VEGAS,
        }[kind]()

        class Integral(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.width = torch.nn.Parameter(torch.tensor(0.3))
                self.register_buffer("domain", torch.tensor([[0.0, 1.0], [0.0, 1.0]]))

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                def bumps(points: torch.Tensor) -> torch.Tensor:
                    d2 = ((points[:, None, :] - x[None, :, :]) ** 2).sum(-1)
                    return torch.exp(-d2 / self.width**2)

                if kind == "vegas":
                    return integrator.integrate(
                        lambda p: bumps(p).sum(-1),
                        dim=2,
                        N=2000,
                        integration_domain=self.domain,
                        seed=3,
                        max_iterations=4,
                    )
                if kind == "monte_carlo":
                    return integrator.integrate(
                        bumps, dim=2, N=400, integration_domain=self.domain, seed=3
                    )
                n = 64 if kind == "gauss_legendre" else 121
                return integrator.integrate(bumps, dim=2, N=n, integration_domain=self.domain)

        return Integral()

    return factory


def _pyro(kind: str) -> Any:
    """pyro's normalising-flow transforms (4 dimensions) behind a module of this file that
    applies them in turn and adds up their log-determinants, or inverts them in reverse order
    (the density direction): a rational-quadratic spline coupling; an affine autoregressive
    transform's iterative inverse; a neural autoregressive transform; two Householder
    reflections, a Sylvester transform, a planar and a radial one; an affine coupling, a
    batch-norm and an elementwise spline transform inverted; and pyro's ``AutoRegressiveNN`` (a
    MADE with skip connections and two parameter outputs) on its own."""

    def factory() -> Any:
        import pyro.distributions.transforms as T
        import torch
        from pyro.nn import AutoRegressiveNN

        if kind == "made":
            return AutoRegressiveNN(4, [16, 16], param_dims=[1, 1], skip_connections=True)
        if kind == "spline_coupling":
            transforms = [T.spline_coupling(4, count_bins=4)]
        elif kind == "affine_inverse":
            transforms = [T.affine_autoregressive(4, hidden_dims=[16])]
        elif kind == "neural":
            transforms = [T.neural_autoregressive(4, hidden_dims=[16], width=8)]
        elif kind == "householder":
            transforms = [
                T.householder(4, count_transforms=2),
                T.sylvester(4, count_transforms=2),
                T.planar(4),
                T.radial(4),
            ]
        else:
            transforms = [
                T.affine_coupling(4, hidden_dims=[16]),
                T.batchnorm(4),
                T.spline(4, count_bins=4),
            ]

        class Flow(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.transforms = torch.nn.ModuleList(transforms)

            def forward(self, x: torch.Tensor) -> Any:
                log_det = torch.zeros(x.shape[0])
                if kind in ("affine_inverse", "batchnorm"):
                    for transform in reversed(self.transforms):
                        y = x
                        x = transform.inv(y)
                        log_det = log_det - self._summed(transform, x, y)
                    return x, log_det
                for transform in self.transforms:
                    y = transform(x)
                    log_det = log_det + self._summed(transform, x, y)
                    x = y
                return x, log_det

            @staticmethod
            def _summed(transform: Any, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
                log_det = transform.log_abs_det_jacobian(x, y)
                return log_det.sum(-1) if transform.codomain.event_dim == 0 else log_det

        return Flow()

    return factory


def _quaternions(kind: str) -> Any:
    """quatorch's ``Quaternion`` (a Tensor subclass with its own ``__torch_function__``) behind
    a module of this file: rotations from axis and angle applied to vectors, through their
    rotation matrices and back (a regime per largest diagonal entry), and a learnt rotation
    composed with them; and spherical linear interpolation between two sets of unit quaternions,
    with their products, logarithms and powers."""

    def factory() -> Any:
        import torch
        from quatorch import Quaternion

        if kind == "rotate":

            class Rotate(torch.nn.Module):
                def __init__(self) -> None:
                    super().__init__()
                    self.offset = torch.nn.Parameter(torch.tensor([0.9, 0.1, -0.3, 0.2]))

                def forward(self, axis: torch.Tensor, angle: torch.Tensor, v: torch.Tensor) -> Any:
                    q = Quaternion.from_axis_angle(axis, angle)
                    q = q * Quaternion(self.offset).normalize()
                    matrix = q.to_rotation_matrix()
                    back = Quaternion.from_rotation_matrix(matrix)
                    rotated = q.rotate_vector(v)
                    axis2, angle2 = back.to_axis_angle()
                    return rotated, matrix, axis2, angle2

            return Rotate()

        class Slerp(torch.nn.Module):
            def forward(self, q1: torch.Tensor, q2: torch.Tensor, t: torch.Tensor) -> Any:
                a = Quaternion(q1).normalize()
                b = Quaternion(q2).normalize()
                mid = a.slerp(b, t)
                return torch.Tensor(mid), torch.Tensor((a * b.conjugate()).log())

        return Slerp()

    return factory


def _rbf(kind: str) -> Any:
    """torchrbf's ``RBFInterpolator`` fitted to 24 seeded points of the unit square with two
    values each: a global thin-plate spline with its degree-1 polynomial, and a local one
    (Gaussian kernel, 8 nearest neighbours found with torch, a linear system solved per query)."""

    def factory() -> Any:
        import torch
        from torchrbf import RBFInterpolator

        gen = torch.Generator().manual_seed(11)
        y = torch.rand(24, 2, generator=gen)
        d = torch.stack([torch.sin(3 * y[:, 0]) * y[:, 1], y.sum(-1)], dim=-1)
        if kind == "global":
            return RBFInterpolator(y, d, smoothing=1e-3)
        return RBFInterpolator(
            y,
            d,
            neighbors=8,
            neighbors_backend="torch_dense",
            kernel="gaussian",
            epsilon=2.0,
            smoothing=1e-3,
        )

    return factory


def _nufft(kind: str) -> Any:
    """torchesnufft's non-uniform FFTs behind a module of this file: type 1 (non-uniform points
    to 16 Fourier modes, 2 channels), type 2 (16 modes to non-uniform points, times a learnt
    spectral filter) and the density compensation weights of the points (10 iterations, unit
    strengths)."""

    def factory() -> Any:
        import torch
        from torchesnufft.functional import get_density, nufft1, nufft2

        class Type1(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.filter = torch.nn.Parameter(torch.linspace(0.5, 1.5, 16))

            def forward(self, x: torch.Tensor, c: torch.Tensor) -> torch.Tensor:
                return nufft1(x, c, (16,), eps=1e-6) * self.filter

        class Type2(Type1):
            def forward(self, x: torch.Tensor, f: torch.Tensor) -> torch.Tensor:
                return nufft2(x, f * self.filter, eps=1e-6)

        class Density(torch.nn.Module):
            def forward(self, x: torch.Tensor, c: torch.Tensor) -> torch.Tensor:
                return get_density(x, torch.ones_like(c[:1, :1]), (16,), eps=1e-4, n_iter=10)

        return {"type1": Type1, "type2": Type2}.get(kind, Density)()

    return factory


def _sngp(kind: str) -> Any:
    """SNGP's spectral-normalised Gaussian process layer over a linear backbone (8 → 16
    features, 64 random Fourier features, 3 outputs), its precision updated from seeded data and
    its covariance fitted at construction, so that a call returns the logits and their
    predictive variances."""

    def factory() -> Any:
        import torch
        from sngp.sngp.sngp import SNGP

        model = SNGP(
            out_features=3,
            backbone=torch.nn.Linear(8, 16),
            backbone_output_features=16,
            num_inducing=64,
            momentum=-1,
            ridge_penalty=1.0,
        )
        gen = torch.Generator().manual_seed(5)
        model.eval()
        model.update_precision(torch.randn(64, 8, generator=gen))
        model.update_covariance()

        class WithVariance(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.gp = model

            def forward(self, x: torch.Tensor) -> Any:
                logits, variances = self.gp(x, with_variance=True)
                return self.gp.mean_field_logits(logits, variances), variances

        return WithVariance()

    return factory


def _kan(kind: str) -> Any:
    """inkan's Kolmogorov-Arnold layers (cubic B-splines, the eager basis): a network 4 → 16 → 3
    with the local basis and dense contraction, a layer with the direct contraction (grid 40),
    and a tensor-product surface (two inputs, direct 16-term contraction, dense basis)."""

    def factory() -> Any:
        from inkan import KANLayer, KANNetwork

        if kind == "network":
            return KANNetwork([4, 16, 3], grid_size=5, compile_basis=False)
        if kind == "direct":
            return KANLayer(4, 3, grid_size=40, compile_basis=False, contraction="direct")
        return KANLayer(2, 3, dim=2, grid_size=8, compile_basis=False, basis_mode="dense")

    return factory


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "sde_euler": ("torchsde", _sde("euler"), {}, "sde_state"),
    "sde_milstein": ("torchsde", _sde("milstein"), {}, "sde_state"),
    "sde_srk": ("torchsde", _sde("srk"), {}, "sde_state"),
    "sde_reversible_heun": ("torchsde", _sde("reversible_heun"), {}, "sde_state"),
    "sde_adaptive": ("torchsde", _sde("adaptive"), {}, "sde_state"),
    "sde_logqp": ("torchsde", _sde("logqp"), {}, "sde_state"),
    "ode_tsit5": ("torchode", _ode("tsit5"), {}, "ode_state"),
    "ode_euler": ("torchode", _ode("euler"), {}, "ode_state"),
    "quad_trapezoid": ("torchquad", _quad("trapezoid"), {}, "centres"),
    "quad_simpson": ("torchquad", _quad("simpson"), {}, "centres"),
    "quad_gauss_legendre": ("torchquad", _quad("gauss_legendre"), {}, "centres"),
    "quad_monte_carlo": ("torchquad", _quad("monte_carlo"), {}, "centres"),
    "quad_vegas": ("torchquad", _quad("vegas"), {}, "centres"),
    "pyro_made": ("pyro", _pyro("made"), {}, "flow_samples"),
    "pyro_spline_coupling": ("pyro", _pyro("spline_coupling"), {}, "flow_samples"),
    "pyro_affine_inverse": ("pyro", _pyro("affine_inverse"), {}, "flow_samples"),
    "pyro_neural": ("pyro", _pyro("neural"), {}, "flow_samples"),
    "pyro_householder": ("pyro", _pyro("householder"), {}, "flow_samples"),
    "pyro_batchnorm": ("pyro", _pyro("batchnorm"), {}, "flow_samples"),
    "quat_rotate": ("quatorch", _quaternions("rotate"), {}, "axis_angle"),
    "quat_slerp": ("quatorch", _quaternions("slerp"), {}, "quat_pairs"),
    "rbf_global": ("torchrbf", _rbf("global"), {}, "query_points"),
    "rbf_local": ("torchrbf", _rbf("local"), {}, "query_points"),
    "nufft_type1": ("torchesnufft", _nufft("type1"), {}, "nonuniform"),
    "nufft_type2": ("torchesnufft", _nufft("type2"), {}, "fourier_modes"),
    "nufft_density": ("torchesnufft", _nufft("density"), {}, "nonuniform"),
    "sngp": ("sngp", _sngp("gp"), {}, "gp_inputs"),
    "kan_network": ("inkan", _kan("network"), {}, "kan_inputs"),
    "kan_direct": ("inkan", _kan("direct"), {}, "kan_inputs"),
    "kan_surface": ("inkan", _kan("surface"), {}, "surface_inputs"),
}

# The models whose package code runs otherwise in train mode (see the docstring).
TRAINING: tuple[str, ...] = ("pyro_batchnorm",)

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import math

    import torch

    gen = torch.Generator().manual_seed(seed)
    rows = batch * seq
    if kind == "sde_state":
        return {
            "y0": torch.randn(batch, 4, generator=gen),
            "ts": torch.linspace(0.0, 1.0, seq // 2),
        }
    if kind == "ode_state":
        ends = 0.5 + torch.rand(batch, 1, generator=gen)
        return {
            "y0": torch.randn(batch, 4, generator=gen),
            "t_eval": torch.linspace(0.0, 1.0, seq // 2)[None, :] * ends,
        }
    if kind == "centres":
        return {"x": torch.rand(batch, 2, generator=gen)}
    if kind == "flow_samples":
        return {"x": torch.randn(rows, 4, generator=gen)}
    if kind == "axis_angle":
        return {
            "axis": torch.randn(rows, 3, generator=gen),
            "angle": (torch.rand(rows, generator=gen) * 2 - 1) * math.pi,
            "v": torch.randn(rows, 3, generator=gen),
        }
    if kind == "quat_pairs":
        return {
            "q1": torch.randn(rows, 4, generator=gen),
            "q2": torch.randn(rows, 4, generator=gen),
            "t": torch.rand(rows, 1, generator=gen),
        }
    if kind == "query_points":
        return {"x": torch.rand(rows, 2, generator=gen)}
    if kind in ("nonuniform", "fourier_modes"):
        points = 4 * seq
        x = (torch.rand(1, points, generator=gen) * 2 - 1) * math.pi
        if kind == "nonuniform":
            c = torch.randn(batch, 2, points, 2, generator=gen)
            return {"x": x, "c": torch.view_as_complex(c)}
        f = torch.randn(batch, 2, 16, 2, generator=gen)
        return {"x": x, "f": torch.view_as_complex(f)}
    if kind == "kan_inputs":
        return {"x": torch.rand(rows, 4, generator=gen) * 2 - 1}
    if kind == "surface_inputs":
        return {"x": torch.rand(rows, 2, generator=gen) * 2 - 1}
    if kind == "gp_inputs":
        return {"x": torch.randn(rows, 8, generator=gen)}
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
