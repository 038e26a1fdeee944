import torch
import torch.nn as nn


def squash(s, dim=-1, eps=1e-8):
    sq = s.pow(2).sum(dim, keepdim=True)
    return sq / (1.0 + sq) * s / torch.sqrt(sq + eps)


class PrimaryCaps(nn.Module):
    def __init__(self, cin, n_maps=4, caps_dim=8):
        super().__init__()
        self.conv = nn.Conv2d(cin, n_maps * caps_dim, 9, stride=2)
        self.n_maps, self.caps_dim = n_maps, caps_dim

    def forward(self, x):
        u = self.conv(x)
        b = u.size(0)
        u = u.view(b, self.n_maps, self.caps_dim, -1).permute(0, 1, 3, 2).reshape(b, -1, self.caps_dim)
        return squash(u)


class RoutingCaps(nn.Module):
    def __init__(self, in_caps, in_dim, out_caps, out_dim, iters=3):
        super().__init__()
        self.W = nn.Parameter(0.05 * torch.randn(1, in_caps, out_caps, out_dim, in_dim))
        self.iters = iters

    def forward(self, u):
        u_hat = (self.W @ u[:, :, None, :, None]).squeeze(-1)
        logits = torch.zeros_like(u_hat[..., 0])
        for i in range(self.iters):
            c = logits.softmax(dim=2)
            v = squash((c.unsqueeze(-1) * u_hat).sum(dim=1))
            if i < self.iters - 1:
                logits = logits + (u_hat * v.unsqueeze(1)).sum(-1)
        return v


class CapsNet(nn.Module):
    def __init__(self, num_classes=5):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(1, 32, 9), nn.ReLU(inplace=True))
        self.primary = PrimaryCaps(32)
        self.digits = RoutingCaps(in_caps=16, in_dim=8, out_caps=num_classes, out_dim=8)

    def forward(self, images):
        v = self.digits(self.primary(self.stem(images)))
        return v.norm(dim=-1), v


Model = CapsNet


def inputs():
    torch.manual_seed(3009)
    return [(torch.rand(2, 1, 20, 20),), (torch.rand(3, 1, 20, 20),)]
