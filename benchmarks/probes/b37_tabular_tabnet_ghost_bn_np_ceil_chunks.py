# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
from torch.nn import BatchNorm1d, Linear, Module, ModuleList


class GBN(Module):
    """Ghost batch norm: normalise virtual batches of ``virtual_batch_size`` rows."""

    def __init__(self, input_dim, virtual_batch_size=4, momentum=0.01):
        super().__init__()
        self.virtual_batch_size = virtual_batch_size
        self.bn = BatchNorm1d(input_dim, momentum=momentum)

    def forward(self, x):
        chunks = x.chunk(int(np.ceil(x.shape[0] / self.virtual_batch_size)), 0)
        res = [self.bn(x_) for x_ in chunks]
        return torch.cat(res, dim=0)


class GLULayer(Module):
    def __init__(self, input_dim, output_dim, virtual_batch_size=4):
        super().__init__()
        self.output_dim = output_dim
        self.fc = Linear(input_dim, 2 * output_dim, bias=False)
        self.bn = GBN(2 * output_dim, virtual_batch_size)

    def forward(self, x):
        x = self.bn(self.fc(x))
        return x[:, : self.output_dim] * torch.sigmoid(x[:, self.output_dim :])


class FeatTransformer(Module):
    def __init__(self, input_dim, output_dim, n_glu=2):
        super().__init__()
        self.layers = ModuleList([GLULayer(input_dim if i == 0 else output_dim, output_dim) for i in range(n_glu)])
        self.scale = np.sqrt(0.5)

    def forward(self, x):
        x = self.layers[0](x)
        for layer in self.layers[1:]:
            x = (x + layer(x)) * self.scale
        return x


class TabNetLite(Module):
    def __init__(self, input_dim=10, n_d=8, n_steps=3, gamma=1.3, output_dim=2):
        super().__init__()
        self.n_steps, self.gamma, self.n_d = n_steps, gamma, n_d
        self.initial_bn = BatchNorm1d(input_dim, momentum=0.01)
        self.transformers = ModuleList([FeatTransformer(input_dim, 2 * n_d) for _ in range(n_steps + 1)])
        self.attentive = ModuleList([Linear(n_d, input_dim, bias=False) for _ in range(n_steps)])
        self.final = Linear(n_d, output_dim)

    def forward(self, x):
        x = self.initial_bn(x)
        prior = torch.ones_like(x)
        att = self.transformers[0](x)[:, self.n_d :]
        out = 0
        for step in range(self.n_steps):
            mask = torch.softmax(self.attentive[step](att) * prior, dim=-1)
            prior = prior * (self.gamma - mask)
            h = self.transformers[step + 1](mask * x)
            out = out + torch.relu(h[:, : self.n_d])
            att = h[:, self.n_d :]
        return self.final(out)


Model = TabNetLite


def inputs():
    torch.manual_seed(3727)
    return [(torch.randn(6, 10),), (torch.randn(11, 10),)]
