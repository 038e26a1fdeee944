# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_bn(cin, cout, k, stride=1, padding=0, groups=1):
    return nn.Sequential(nn.Conv2d(cin, cout, k, stride, padding, groups=groups, bias=False), nn.BatchNorm2d(cout))


def fuse_bn(kernel: torch.Tensor, bn: nn.BatchNorm2d):
    std = (bn.running_var + bn.eps).sqrt()
    t = (bn.weight / std).reshape(-1, 1, 1, 1)
    return kernel * t, bn.bias - bn.running_mean * bn.weight / std


class RepVGGBlock(nn.Module):
    """Train-time 3x3 + 1x1 + identity branches; at inference they fold into one 3x3 conv."""

    def __init__(self, cin: int, cout: int, stride: int = 1, auto_fuse: bool = True):
        super().__init__()
        self.cin, self.cout, self.stride = cin, cout, stride
        self.auto_fuse = auto_fuse
        self.rbr_dense = conv_bn(cin, cout, 3, stride, 1)
        self.rbr_1x1 = conv_bn(cin, cout, 1, stride, 0)
        self.rbr_identity = nn.BatchNorm2d(cin) if cin == cout and stride == 1 else None
        self.rbr_reparam = None

    def get_equivalent_kernel_bias(self):
        k3, b3 = fuse_bn(self.rbr_dense[0].weight, self.rbr_dense[1])
        k1, b1 = fuse_bn(F.pad(self.rbr_1x1[0].weight, [1, 1, 1, 1]), self.rbr_1x1[1])
        kernel, bias = k3 + k1, b3 + b1
        if self.rbr_identity is not None:
            eye = torch.zeros(self.cin, self.cin, 3, 3)
            eye[torch.arange(self.cin), torch.arange(self.cin), 1, 1] = 1.0
            ki, bi = fuse_bn(eye, self.rbr_identity)
            kernel, bias = kernel + ki, bias + bi
        return kernel, bias

    @torch.no_grad()
    def switch_to_deploy(self):
        kernel, bias = self.get_equivalent_kernel_bias()
        conv = nn.Conv2d(self.cin, self.cout, 3, self.stride, 1, bias=True)
        conv.weight.copy_(kernel)
        conv.bias.copy_(bias)
        self.rbr_reparam = conv

    def forward(self, x):
        if not self.training and self.auto_fuse and self.rbr_reparam is None:
            self.switch_to_deploy()
        if self.rbr_reparam is not None:
            return F.relu(self.rbr_reparam(x))
        out = self.rbr_dense(x) + self.rbr_1x1(x)
        if self.rbr_identity is not None:
            out = out + self.rbr_identity(x)
        return F.relu(out)


class RepVGG(nn.Module):
    def __init__(self, widths=(8, 16), num_classes: int = 5):
        super().__init__()
        layers, cin = [], 3
        for w in widths:
            layers += [RepVGGBlock(cin, w, stride=2), RepVGGBlock(w, w)]
            cin = w
        self.stages = nn.Sequential(*layers)
        self.fc = nn.Linear(cin, num_classes)

    def forward(self, x):
        return self.fc(F.adaptive_avg_pool2d(self.stages(x), 1).flatten(1))


Model = RepVGG


def inputs():
    torch.manual_seed(4125)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(1, 3, 20, 24),)]
