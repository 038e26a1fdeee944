import torch
import torch.nn as nn


def sparsemax(z):
    z_sorted, _ = torch.sort(z, dim=-1, descending=True)
    k = torch.arange(1, z.size(-1) + 1, device=z.device, dtype=z.dtype)
    cssv = z_sorted.cumsum(-1) - 1
    support = (k * z_sorted) > cssv
    k_z = support.sum(dim=-1, keepdim=True)
    tau = cssv.gather(-1, k_z - 1) / k_z.to(z.dtype)
    return torch.clamp(z - tau, min=0)


class GLUBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.fc = nn.Linear(cin, 2 * cout, bias=False)
        self.bn = nn.BatchNorm1d(2 * cout)

    def forward(self, x):
        return nn.functional.glu(self.bn(self.fc(x)), dim=-1)


class AttentiveTransformer(GLUBlock):
    def forward(self, a, prior):
        return sparsemax(self.bn(self.fc(a)) * prior)


class TabNetLite(nn.Module):
    def __init__(self, n_features=10, n_d=8, n_a=8, n_steps=3, gamma=1.3, n_out=2):
        super().__init__()
        self.n_d, self.n_steps, self.gamma = n_d, n_steps, gamma
        self.initial = GLUBlock(n_features, n_d + n_a)
        self.attn = nn.ModuleList(AttentiveTransformer(n_a, n_features // 2) for _ in range(n_steps))
        self.steps = nn.ModuleList(GLUBlock(n_features, n_d + n_a) for _ in range(n_steps))
        self.head = nn.Linear(n_d, n_out)
        self.mask_density = []

    def forward(self, x):
        prior = torch.ones_like(x)
        a = self.initial(x)[:, self.n_d:]
        out = 0
        self.mask_density = []
        for attn, step in zip(self.attn, self.steps):
            m = attn(a, prior)
            self.mask_density.append(float((m > 0).float().mean()))
            prior = prior * (self.gamma - m)
            h = step(m * x)
            out = out + torch.relu(h[:, : self.n_d])
            a = h[:, self.n_d:]
        return self.head(out)


Model = TabNetLite


def inputs():
    torch.manual_seed(299)
    return [
        (torch.randn(8, 10),),
        (torch.randn(3, 10) * 2,),
    ]
