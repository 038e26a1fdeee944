import torch
import torch.nn as nn
from torch.ao.quantization import MinMaxObserver


class ObservedLinear(nn.Module):
    """Dynamic activation fake-quant using an ao observer for the qparams."""

    def __init__(self, in_f, out_f, qmin=0, qmax=255):
        super().__init__()
        self.fc = nn.Linear(in_f, out_f)
        self.qmin, self.qmax = qmin, qmax
        self.act_obs = MinMaxObserver(dtype=torch.quint8, qscheme=torch.per_tensor_affine)

    def forward(self, x):
        self.act_obs.reset_min_max_vals()  # breaks: compile
        self.act_obs(x)
        scale, zero_point = self.act_obs.calculate_qparams()  # breaks: export
        xq = torch.fake_quantize_per_tensor_affine(x, scale, zero_point, self.qmin, self.qmax)
        return self.fc(xq)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = ObservedLinear(8, 16)
        self.l2 = ObservedLinear(16, 4)

    def forward(self, x):
        return self.l2(torch.relu(self.l1(x)))


def inputs():
    torch.manual_seed(12)
    return [(torch.randn(4, 8),), (torch.randn(4, 8) * 3,), (torch.randn(6, 8),)]
