"""The ``fresh13`` corpus: a sixteenth held-back set of packages, held back for a blind first
score.

Built like ``fresh12`` (which it follows as a held-back generalisation figure): nobody reads its
misses or tunes a rule on it before its first score. Pure-PyTorch packages outside the dev
corpora (``transformers``, ``pytorch``), the ``wider``, ``unseen``, ``fresh`` to ``fresh12``
corpora and the held-out list (timm, vit-pytorch, x-transformers, diffusers,
efficientnet-pytorch, transformers), by nine authors or teams (none of them lucidrains):
anti-aliased activations and resampling for audio (alias-free-torch), Bayesian changepoint
detection in time series (bayesian-changepoint, imported as ``bayesian_changepoint_detection``),
ranking proxy losses for retrieval (proxy-losses), differentiable robotics on Lie groups: pose
algebra, IMU preintegration, Kalman filters, LQR, point-cloud registration and PnP (pypose),
segmentation and classification losses (pytorch-optimizer's ``loss`` package), the DFT-D3
dispersion correction for molecules (tad-dftd3), NeRF's distortion loss
(torch-efficient-distloss), long-range electrostatics by Ewald, PME and P3M (torch-pme,
imported as ``torchpme``) and 1-D interpolation (torchinterp1d).

Each model runs as ``NAME.eval`` only: ``TRAINING`` is empty, since no package code here runs
otherwise in training (proxy-losses' queues, the one training path, are turned off: they carry
state from one call to the next).
The pins are in setup_env.sh (installed with ``--no-deps``: none of them may bring another
torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``), plus the
input kinds below: ``signal1d`` (x: batch × 4 × 4·seq), ``image2d`` (x: batch × 3 × seq ×
seq), ``series`` (x: batch·seq values, the mean shifted half-way), ``scores`` (logits:
batch·seq × 4, targets: batch·seq classes), ``twists`` (x: batch·seq × 6, points: batch·seq ×
3), ``imu`` (dt: batch × seq × 1, gyro and acc: batch × seq × 3), ``filter_seq`` (u and y: seq
× 2), ``lqr_state`` (x_init: 2 × 3), ``clouds`` (source and target: batch × seq × 3, the target
a rigid motion of the source), ``pnp`` (points: batch × seq × 3 in front of the camera, pixels:
batch × seq × 2 their projections), ``rotations`` (x and y: batch·seq × 3 rotation vectors),
``masks`` (y_pred: batch × seq × seq logits, y_true: batch × seq × seq of 0 and 1),
``seg_logits`` (y_pred: batch × 3 × seq × seq, y_true: batch × seq × seq classes),
``class_scores`` (y_pred: batch·seq × 5, y_true: batch·seq classes), ``class_predictions``
(the same, named predictions and targets), ``molecules``
(positions: batch × 6 × 3 in Bohr, a formamide molecule jittered), ``ray_weights`` (w, m and
interval: batch·seq × 12 weights of points along rays, their midpoints and intervals),
``charges`` (positions: 4·batch × 3 in a cubic box of side 6, charges: 4·batch × 1 of
alternating sign), ``interp_points`` (x: batch·seq points in [0, 1]) and ``interp_rows`` (x, y:
batch × seq sorted abscissae and values, xnew: batch × 2·seq).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "alias_free_torch": "alias-free-torch",
    "bayesian_changepoint_detection": "bayesian-changepoint",
    "proxy_losses": "proxy-losses",
    "pypose": "pypose",
    "pytorch_optimizer": "pytorch-optimizer",
    "tad_dftd3": "tad-dftd3",
    "torch_efficient_distloss": "torch-efficient-distloss",
    "torchpme": "torch-pme",
    "torchinterp1d": "torchinterp1d",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _alias_free(kind: str) -> Any:
    """alias-free-torch's modules: a SiLU between 2× up- and down-sampling (1-D), a GELU
    likewise in 2-D, and a Kaiser-windowed sinc low-pass filter of stride 2."""

    def factory() -> Any:
        import torch
        from alias_free_torch import Activation1d, Activation2d, LowPassFilter1d

        if kind == "act1d":
            return Activation1d(torch.nn.SiLU())
        if kind == "act2d":
            return Activation2d(torch.nn.GELU())
        return LowPassFilter1d(cutoff=0.25, half_width=0.3, stride=2, kernel_size=12)

    return factory


def _changepoint(kind: str) -> Any:
    """bayesian-changepoint's detectors behind a module of this file (a new likelihood model
    each call): online detection (Student-t predictive, constant hazard of 1/20) with the run
    lengths' posterior, their MAP and the changepoint probabilities at lag 3; and offline
    detection (Student-t segments, a constant prior)."""

    def factory() -> Any:
        from functools import partial

        import bayesian_changepoint_detection as bcd
        import torch
        from bayesian_changepoint_detection import offline_likelihoods

        class Online(torch.nn.Module):
            def forward(self, x: torch.Tensor) -> Any:
                likelihood = bcd.StudentT(alpha=0.1, beta=0.01, kappa=1.0, mu=0.0, device="cpu")
                hazard = partial(bcd.constant_hazard, 20.0)
                R, run_lengths = bcd.online_changepoint_detection(
                    x, hazard, likelihood, device="cpu"
                )
                return R, run_lengths, bcd.changepoint_probabilities(R, lag=3)

        class Offline(torch.nn.Module):
            def forward(self, x: torch.Tensor) -> Any:
                prior = partial(bcd.const_prior, p=1.0 / (x.shape[0] + 1))
                return bcd.offline_changepoint_detection(
                    x, prior, offline_likelihoods.StudentT(), device="cpu"
                )

        return Online() if kind == "online" else Offline()

    return factory


def _proxy(kind: str) -> Any:
    """proxy-losses' ranking losses over four classes, without their memory queue: Smooth-AP
    per class, and the soft recall at the top quarter."""

    def factory() -> Any:
        from proxy_losses import RecallAtQuantileLoss, SmoothAPLoss

        if kind == "ap":
            return SmoothAPLoss(num_classes=4, queue_size=0, temperature=0.05, reduction="none")
        return RecallAtQuantileLoss(num_classes=4, quantile=0.25, queue_size=0, temperature=0.05)

    return factory


def _pypose(kind: str) -> Any:
    """pypose's modules and Lie tensors: se(3) twists exponentiated and composed with a pose
    parameter (points moved, the result's log and inverse), IMU preintegration (no state kept
    between calls), extended and unscented Kalman filters over a sequence (a nonlinear system of
    this file, the filters' own example), LQR of a linear time-invariant system, ICP point-cloud
    registration (five steps), EPnP camera pose estimation and the geodesic loss between
    rotations."""

    def factory() -> Any:
        import pypose as pp
        import torch

        if kind == "se3":

            class PoseChain(torch.nn.Module):
                def __init__(self) -> None:
                    super().__init__()
                    self.pose = pp.Parameter(pp.randn_SE3())

                def forward(self, x: torch.Tensor, points: torch.Tensor) -> Any:
                    moved = self.pose * pp.se3(x).Exp()
                    return moved.Act(points), moved.Log(), moved.Inv().matrix()

            return PoseChain()
        if kind == "imu":

            class Preintegration(torch.nn.Module):
                def __init__(self) -> None:
                    super().__init__()
                    self.imu = pp.module.IMUPreintegrator(reset=True)

                def forward(self, dt: torch.Tensor, gyro: torch.Tensor, acc: torch.Tensor) -> Any:
                    state = self.imu(dt, gyro, acc)
                    return state["pos"], state["rot"], state["vel"], state["cov"]

            return Preintegration()
        if kind in ("ekf", "ukf"):

            class System(pp.module.NLS):
                def state_transition(self, state: Any, input: Any, t: Any = None) -> Any:
                    return state.cos() + input

                def observation(self, state: Any, input: Any, t: Any = None) -> Any:
                    return state.sin() + input

            filter_class = pp.module.EKF if kind == "ekf" else pp.module.UKF

            class Filter(torch.nn.Module):
                def __init__(self) -> None:
                    super().__init__()
                    self.filter = filter_class(System(), torch.eye(2) * 0.01, torch.eye(2) * 0.01)

                def forward(self, u: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
                    x = torch.zeros(2)
                    P = torch.eye(2) * 4.0
                    estimates = []
                    for step in range(u.shape[0]):
                        x, P = self.filter(x, y[step], u[step], P)
                        estimates.append(x)
                    return torch.stack(estimates)

            return Filter()
        if kind == "lqr":
            gen = torch.Generator().manual_seed(5)
            n_batch, horizon, n_state, n_ctrl = 2, 5, 3, 2
            n_sc = n_state + n_ctrl
            Q = torch.randn(n_batch, horizon, n_sc, n_sc, generator=gen)
            Q = Q.mT @ Q + 0.1 * torch.eye(n_sc)
            p = torch.randn(n_batch, horizon, n_sc, generator=gen)
            A = torch.tile(torch.eye(n_state) + 0.2 * torch.randn(3, 3, generator=gen), (2, 1, 1))
            B = torch.randn(n_batch, n_state, n_ctrl, generator=gen)
            C = torch.tile(torch.eye(n_state), (n_batch, 1, 1))
            D = torch.zeros(n_batch, n_state, n_ctrl)
            system = pp.module.LTI(A, B, C, D)
            return pp.module.LQR(system, Q, p, horizon)
        if kind == "icp":

            class Registration(torch.nn.Module):
                def __init__(self) -> None:
                    super().__init__()
                    self.icp = pp.module.ICP(stepper=pp.utils.ReduceToBason(steps=5))

                def forward(self, source: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
                    return self.icp(source, target)

            return Registration()
        if kind == "epnp":
            intrinsics = torch.tensor([[200.0, 0.0, 64.0], [0.0, 200.0, 64.0], [0.0, 0.0, 1.0]])
            return pp.module.EPnP(intrinsics, refine=True)

        class Geodesic(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.loss = pp.module.GeodesicLoss(reduction="none")

            def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
                return self.loss(pp.so3(x).Exp(), pp.so3(y).Exp())

        return Geodesic()

    return factory


def _losses(kind: str) -> Any:
    """pytorch-optimizer's losses: the Lovász hinge per image, multiclass Dice from logits,
    the bi-tempered logistic loss (t1 0.8, t2 1.4, label smoothing 0.1) and the focal cosine
    loss."""

    def factory() -> Any:
        from pytorch_optimizer.loss import (
            BiTemperedLogisticLoss,
            DiceLoss,
            FocalCosineLoss,
            LovaszHingeLoss,
        )

        if kind == "lovasz":
            return LovaszHingeLoss(per_image=True)
        if kind == "dice":
            return DiceLoss(mode="multiclass", from_logits=True)
        if kind == "bi_tempered":
            return BiTemperedLogisticLoss(t1=0.8, t2=1.4, label_smooth=0.1)
        return FocalCosineLoss()

    return factory


# A formamide molecule (C, O, N and three H), coordinates in Bohr (tad-dftd3's own example).
_FORMAMIDE = (
    (-0.55569743203406, +1.09030425468557, 0.0),
    (+0.51473634678469, +3.15152550263611, 0.0),
    (+0.59869690244446, -1.16861263789477, 0.0),
    (-0.45355203669134, -2.74568780438064, 0.0),
    (+2.52721209544999, -1.29200800956867, 0.0),
    (-2.63139587595376, +0.96447869452240, 0.0),
)


def _dftd3(three_body: bool) -> Any:
    """tad-dftd3's dispersion energy per atom (rational damping, ωB97M-D3(BJ) parameters) of a
    batch of formamide molecules behind a module of this file; with the three-body (ATM) term
    too."""

    def factory() -> Any:
        import tad_dftd3
        import torch

        class Dispersion(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.register_buffer("numbers", torch.tensor([6, 8, 7, 1, 1, 1]))
                self.register_buffer("a1", torch.tensor(0.5660))
                self.register_buffer("s8", torch.tensor(0.3908))
                self.register_buffer("a2", torch.tensor(3.1280))
                self.register_buffer("s9", torch.tensor(1.0 if three_body else 0.0))

            def forward(self, positions: torch.Tensor) -> torch.Tensor:
                numbers = self.numbers.expand(positions.shape[0], -1)
                param = {"a1": self.a1, "s8": self.s8, "a2": self.a2, "s9": self.s9}
                return tad_dftd3.dftd3(numbers, positions, param)

        return Dispersion()

    return factory


def _distloss(native: bool) -> Any:
    """torch-efficient-distloss's O(N) distortion loss of volume-rendering weights along rays:
    its autograd function, and the native (plain torch) version."""

    def factory() -> Any:
        import torch
        from torch_efficient_distloss import eff_distloss, eff_distloss_native

        loss = eff_distloss_native if native else eff_distloss

        class Distortion(torch.nn.Module):
            def forward(self, w: torch.Tensor, m: torch.Tensor, interval: torch.Tensor) -> Any:
                return loss(w, m, interval)

        return Distortion()

    return factory


def _pme(kind: str) -> Any:
    """torch-pme's calculators of the Coulomb potential (smearing 0.8) of charges in a
    periodic cubic box of side 6, behind a module of this file that builds the half neighbour
    list of all pairs (minimum-image distances): Ewald, PME and P3M."""

    def factory() -> Any:
        import torch
        import torchpme

        potential = torchpme.CoulombPotential(smearing=0.8)
        if kind == "ewald":
            calculator = torchpme.EwaldCalculator(potential, lr_wavelength=1.0)
        elif kind == "pme":
            calculator = torchpme.PMECalculator(potential, mesh_spacing=0.8)
        else:
            calculator = torchpme.P3MCalculator(potential, mesh_spacing=0.8)

        class Electrostatics(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.calculator = calculator
                self.register_buffer("cell", torch.eye(3) * 6.0)

            def forward(self, positions: torch.Tensor, charges: torch.Tensor) -> torch.Tensor:
                n = positions.shape[0]
                pairs = torch.triu_indices(n, n, offset=1).T
                delta = positions[pairs[:, 1]] - positions[pairs[:, 0]]
                delta = delta - 6.0 * torch.round(delta / 6.0)
                return self.calculator(charges, self.cell, positions, pairs, delta.norm(dim=-1))

        return Electrostatics()

    return factory


def _interp1d(kind: str) -> Any:
    """torchinterp1d's linear interpolation: a learnt table of 16 values on a uniform grid
    over [0, 1] read at the inputs, and rows of abscissae and values interpolated at new
    points."""

    def factory() -> Any:
        import torch
        from torchinterp1d import interp1d

        if kind == "table":

            class Table(torch.nn.Module):
                def __init__(self) -> None:
                    super().__init__()
                    self.register_buffer("grid", torch.linspace(0.0, 1.0, 16))
                    self.values = torch.nn.Parameter(torch.randn(16))

                def forward(self, x: torch.Tensor) -> torch.Tensor:
                    return interp1d(self.grid, self.values, x)

            return Table()

        class Rows(torch.nn.Module):
            def forward(self, x: torch.Tensor, y: torch.Tensor, xnew: torch.Tensor) -> Any:
                return interp1d(x, y, xnew)

        return Rows()

    return factory


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "alias_free_act1d": ("alias_free_torch", _alias_free("act1d"), {}, "signal1d"),
    "alias_free_act2d": ("alias_free_torch", _alias_free("act2d"), {}, "image2d"),
    "alias_free_lowpass": ("alias_free_torch", _alias_free("lowpass"), {}, "signal1d"),
    "changepoint_online": ("bayesian_changepoint_detection", _changepoint("online"), {}, "series"),
    "changepoint_offline": (
        "bayesian_changepoint_detection",
        _changepoint("offline"),
        {},
        "series",
    ),
    "smooth_ap": ("proxy_losses", _proxy("ap"), {}, "scores"),
    "recall_at_quantile": ("proxy_losses", _proxy("recall"), {}, "scores"),
    "pypose_se3": ("pypose", _pypose("se3"), {}, "twists"),
    "pypose_imu": ("pypose", _pypose("imu"), {}, "imu"),
    "pypose_ekf": ("pypose", _pypose("ekf"), {}, "filter_seq"),
    "pypose_ukf": ("pypose", _pypose("ukf"), {}, "filter_seq"),
    "pypose_lqr": ("pypose", _pypose("lqr"), {}, "lqr_state"),
    "pypose_icp": ("pypose", _pypose("icp"), {}, "clouds"),
    "pypose_epnp": ("pypose", _pypose("epnp"), {}, "pnp"),
    "pypose_geodesic": ("pypose", _pypose("geodesic"), {}, "rotations"),
    "lovasz_hinge": ("pytorch_optimizer", _losses("lovasz"), {}, "masks"),
    "dice_multiclass": ("pytorch_optimizer", _losses("dice"), {}, "seg_logits"),
    "bi_tempered": ("pytorch_optimizer", _losses("bi_tempered"), {}, "class_predictions"),
    "focal_cosine": ("pytorch_optimizer", _losses("focal_cosine"), {}, "class_scores"),
    "dftd3_energy": ("tad_dftd3", _dftd3(False), {}, "molecules"),
    "dftd3_atm": ("tad_dftd3", _dftd3(True), {}, "molecules"),
    "distloss": ("torch_efficient_distloss", _distloss(False), {}, "ray_weights"),
    "distloss_native": ("torch_efficient_distloss", _distloss(True), {}, "ray_weights"),
    "pme_ewald": ("torchpme", _pme("ewald"), {}, "charges"),
    "pme_pme": ("torchpme", _pme("pme"), {}, "charges"),
    "pme_p3m": ("torchpme", _pme("p3m"), {}, "charges"),
    "interp1d_table": ("torchinterp1d", _interp1d("table"), {}, "interp_points"),
    "interp1d_rows": ("torchinterp1d", _interp1d("rows"), {}, "interp_rows"),
}

# The models whose package code runs otherwise in train mode (see the docstring): none.
TRAINING: tuple[str, ...] = ()

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    rows = batch * seq
    if kind == "signal1d":
        return {"x": torch.randn(batch, 4, 4 * seq, generator=gen)}
    if kind == "image2d":
        return {"x": torch.randn(batch, 3, seq, seq, generator=gen)}
    if kind == "series":
        x = torch.randn(rows, generator=gen)
        x[rows // 2 :] += 4.0
        return {"x": x}
    if kind == "scores":
        targets = torch.arange(rows) % 4
        return {"logits": torch.randn(rows, 4, generator=gen), "targets": targets}
    if kind == "twists":
        return {
            "x": 0.5 * torch.randn(rows, 6, generator=gen),
            "points": torch.randn(rows, 3, generator=gen),
        }
    if kind == "imu":
        acc = torch.randn(batch, seq, 3, generator=gen) * 0.1
        acc[..., 2] += 9.81
        return {
            "dt": torch.full((batch, seq, 1), 0.01),
            "gyro": torch.randn(batch, seq, 3, generator=gen) * 0.1,
            "acc": acc,
        }
    if kind == "filter_seq":
        return {
            "u": torch.randn(seq, 2, generator=gen),
            "y": torch.randn(seq, 2, generator=gen) * 0.5,
        }
    if kind == "lqr_state":
        return {"x_init": torch.randn(2, 3, generator=gen)}
    if kind in ("clouds", "pnp"):
        import pypose as pp

        twist = torch.randn(batch, 6, generator=gen) * 0.1
        pose = pp.se3(twist).Exp()
        if kind == "clouds":
            source = torch.randn(batch, seq, 3, generator=gen)
            return {"source": source, "target": pose.unsqueeze(-2).Act(source)}
        points = torch.randn(batch, seq, 3, generator=gen)
        points[..., 2] = points[..., 2].abs() + 4.0
        intrinsics = torch.tensor([[200.0, 0.0, 64.0], [0.0, 200.0, 64.0], [0.0, 0.0, 1.0]])
        pixels = pp.point2pixel(points, intrinsics)
        return {"points": pose.unsqueeze(-2).Inv().Act(points), "pixels": pixels}
    if kind == "rotations":
        return {
            "x": torch.randn(rows, 3, generator=gen),
            "y": torch.randn(rows, 3, generator=gen),
        }
    if kind == "masks":
        return {
            "y_pred": torch.randn(batch, seq, seq, generator=gen),
            "y_true": (torch.rand(batch, seq, seq, generator=gen) > 0.5).float(),
        }
    if kind == "seg_logits":
        return {
            "y_pred": torch.randn(batch, 3, seq, seq, generator=gen),
            "y_true": torch.randint(0, 3, (batch, seq, seq), generator=gen),
        }
    if kind in ("class_scores", "class_predictions"):
        scores = torch.randn(rows, 5, generator=gen)
        classes = torch.randint(0, 5, (rows,), generator=gen)
        if kind == "class_predictions":
            return {"predictions": scores, "targets": classes}
        return {"y_pred": scores, "y_true": classes}
    if kind == "molecules":
        base = torch.tensor(_FORMAMIDE)
        return {"positions": base + 0.1 * torch.randn(batch, 6, 3, generator=gen)}
    if kind == "ray_weights":
        w = torch.softmax(torch.randn(rows, 12, generator=gen), dim=-1)
        steps = torch.rand(rows, 12, generator=gen) * 0.2 + 0.05
        interval = steps
        m = steps.cumsum(dim=-1) - steps / 2
        return {"w": w, "m": m, "interval": interval}
    if kind == "charges":
        n = 4 * batch
        charges = torch.tensor([1.0, -1.0]).repeat(n // 2).unsqueeze(-1)
        return {"positions": torch.rand(n, 3, generator=gen) * 6.0, "charges": charges}
    if kind == "interp_points":
        return {"x": torch.rand(rows, generator=gen)}
    if kind == "interp_rows":
        x = torch.sort(torch.rand(batch, seq, generator=gen), dim=-1).values
        return {
            "x": x,
            "y": torch.randn(batch, seq, generator=gen),
            "xnew": torch.rand(batch, 2 * seq, generator=gen),
        }
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
