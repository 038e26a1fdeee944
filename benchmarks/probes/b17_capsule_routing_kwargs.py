import torch
import torch.nn as nn


def squash(s, dim=-1, eps=1e-8):
    sq = (s ** 2).sum(dim, keepdim=True)
    return sq / (1 + sq) * s / torch.sqrt(sq + eps)


class DigitCaps(nn.Module):
    def __init__(self, in_caps, in_dim, out_caps, out_dim, **kwargs):
        super().__init__()
        self.routing_iters = kwargs.pop("routing_iters", 3)
        self.W = nn.Parameter(0.05 * torch.randn(1, in_caps, out_caps, out_dim, in_dim))

    def forward(self, u):
        u_hat = torch.einsum("bnmdk,bnk->bnmd", self.W.expand(u.shape[0], -1, -1, -1, -1), u)
        b = torch.zeros(u_hat.shape[:3], device=u.device)
        for i in range(self.routing_iters):
            c = b.softmax(dim=2)
            v = squash(torch.einsum("bnm,bnmd->bmd", c, u_hat))
            if i < self.routing_iters - 1:
                b = b + torch.einsum("bnmd,bmd->bnm", u_hat, v)
        return v


class Model(nn.Module):
    def __init__(self, **caps_kwargs):
        super().__init__()
        self.conv = nn.Conv2d(1, 16, 5, stride=2)
        self.primary = nn.Conv2d(16, 4 * 8, 3, stride=2)
        self.digits = DigitCaps(in_caps=4 * 4, in_dim=8, out_caps=5, out_dim=6, routing_iters=2, **caps_kwargs)

    def forward(self, x):
        p = self.primary(torch.relu(self.conv(x)))
        b = p.shape[0]
        u = squash(p.view(b, 4, 8, -1).permute(0, 1, 3, 2).reshape(b, -1, 8))
        return self.digits(u).norm(dim=-1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 1, 15, 15),), (torch.randn(3, 1, 15, 15),)]
