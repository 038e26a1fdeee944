import numpy as np
import torch
from torch import Tensor, nn


def _absmax(x: Tensor) -> float:
    return x.abs().max()


def _percentile(x: Tensor, q: float = 99.0) -> float:
    return float(np.percentile(x.detach().abs().cpu().numpy(), q))  # breaks: compile,export,trace


CALIBRATORS = {"absmax": _absmax, "percentile": _percentile}


class ActQuantizer(nn.Module):
    def __init__(self, method: str = "percentile", bits: int = 8):
        super().__init__()
        self.calib = CALIBRATORS[method]
        self.qmax = 2 ** (bits - 1) - 1

    def forward(self, x: Tensor) -> Tensor:
        clip = self.calib(x)
        scale = clip / self.qmax
        return torch.fake_quantize_per_tensor_affine(x, scale, 0, -self.qmax - 1, self.qmax)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(8, 16)
        self.act_q = ActQuantizer()
        self.fc2 = nn.Linear(16, 4)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc2(self.act_q(torch.relu(self.fc1(x))))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(4, 8),), (torch.randn(6, 8) * 3,)]
