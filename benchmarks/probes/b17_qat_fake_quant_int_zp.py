import torch
import torch.nn as nn
import torch.nn.functional as F


class MinMaxObserver(nn.Module):
    def __init__(self, quant_min=0, quant_max=255, momentum=0.1):
        super().__init__()
        self.quant_min, self.quant_max, self.momentum = quant_min, quant_max, momentum
        self.register_buffer("min_val", torch.tensor(-1.0))
        self.register_buffer("max_val", torch.tensor(1.0))

    def forward(self, x):
        with torch.no_grad():
            self.min_val.lerp_(x.detach().min().clamp(max=0), self.momentum)
            self.max_val.lerp_(x.detach().max().clamp(min=0), self.momentum)
        return self.qparams()

    def qparams(self):
        scale = (self.max_val - self.min_val) / float(self.quant_max - self.quant_min)
        zero_point = self.quant_min - torch.round(self.min_val / scale)
        return scale, int(zero_point.clamp(self.quant_min, self.quant_max))  # breaks: compile,export,trace


class QATConv(nn.Conv2d):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.act_obs = MinMaxObserver()

    def forward(self, x):
        scale, zp = self.act_obs(x)
        xq = torch.fake_quantize_per_tensor_affine(x, scale, torch.tensor(zp), 0, 255)  # breaks: compile,trace
        return F.conv2d(xq, self.weight, self.bias, self.stride, self.padding)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = QATConv(3, 8, 3, padding=1)
        self.conv2 = QATConv(8, 8, 3, padding=1)

    def forward(self, x):
        return self.conv2(F.relu(self.conv1(x))).mean((2, 3))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(2, 3, 8, 8) * 3,)]
