# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def squash(s, dim=-1, eps=1e-8):
    squared_norm = (s ** 2).sum(dim=dim, keepdim=True)
    return squared_norm / (1 + squared_norm) * s / torch.sqrt(squared_norm + eps)


class PrimaryCaps(nn.Module):
    def __init__(self, in_ch=8, caps=4, dim=4, kernel=3, stride=2):
        super().__init__()
        self.conv = nn.Conv2d(in_ch, caps * dim, kernel, stride)
        self.dim = dim

    def forward(self, x):
        out = self.conv(x)
        b = out.size(0)
        out = out.view(b, -1, self.dim, out.size(-2), out.size(-1)).permute(0, 1, 3, 4, 2)
        return squash(out.reshape(b, -1, self.dim))


class DigitCaps(nn.Module):
    def __init__(self, in_caps, in_dim=4, num_caps=5, out_dim=6, routings=3):
        super().__init__()
        self.W = nn.Parameter(0.01 * torch.randn(1, num_caps, in_caps, out_dim, in_dim))
        self.routings = routings

    def forward(self, u):
        u_hat = torch.matmul(self.W, u[:, None, :, :, None]).squeeze(-1)  # b, J, I, D
        b_ij = torch.zeros(u_hat.shape[:3], device=u.device)
        for i in range(self.routings):
            c = F.softmax(b_ij, dim=1)
            v = squash((c.unsqueeze(-1) * u_hat).sum(dim=2))
            if i < self.routings - 1:
                b_ij = b_ij + (u_hat * v.unsqueeze(2)).sum(dim=-1)
        return v


class CapsNet(nn.Module):
    def __init__(self, num_classes=5, out_dim=6, img=10):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3)
        self.primary = PrimaryCaps()
        n_in = 4 * (((img - 2) - 3) // 2 + 1) ** 2
        self.digit = DigitCaps(n_in, num_caps=num_classes, out_dim=out_dim)
        self.decoder = nn.Sequential(nn.Linear(num_classes * out_dim, 32), nn.ReLU(), nn.Linear(32, img * img), nn.Sigmoid())
        self.num_classes = num_classes
        self.img = img

    def forward(self, x, y=None):
        v = self.digit(self.primary(F.relu(self.conv1(x))))
        lengths = v.norm(dim=-1)
        if y is None:
            y = F.one_hot(lengths.argmax(dim=1), num_classes=self.num_classes).to(v.dtype)
        recon = self.decoder((v * y[:, :, None]).flatten(1))
        return lengths, recon.view(-1, 1, self.img, self.img)


Model = CapsNet


def inputs():
    torch.manual_seed(4520)
    return [(torch.rand(2, 1, 10, 10),), (torch.rand(2, 1, 10, 10),), (torch.rand(3, 1, 10, 10),)]
