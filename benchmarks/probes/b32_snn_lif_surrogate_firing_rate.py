import torch
import torch.nn as nn


class SpikeFn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, v, slope):
        ctx.save_for_backward(v)
        ctx.slope = slope
        return (v > 0).to(v.dtype)

    @staticmethod
    def backward(ctx, grad):
        (v,) = ctx.saved_tensors
        sg = ctx.slope / (1 + (ctx.slope * v).abs()) ** 2
        return grad * sg, None


class LIF(nn.Module):
    def __init__(self, beta=0.9, threshold=1.0, slope=25.0):
        super().__init__()
        self.beta, self.threshold, self.slope = beta, threshold, slope

    def forward(self, cur, mem):
        mem = self.beta * mem + cur
        spk = SpikeFn.apply(mem - self.threshold, self.slope)
        return spk, mem - spk * self.threshold


class SpikingMLP(nn.Module):
    def __init__(self, n_in=10, hidden=24, n_out=4, num_steps=6):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(n_in, hidden), nn.Linear(hidden, n_out)
        self.lif1, self.lif2 = LIF(), LIF(beta=0.8)
        self.num_steps = num_steps
        self.firing_rate = 0.0

    def forward(self, x):
        mem1 = x.new_zeros(x.size(0), self.fc1.out_features)
        mem2 = x.new_zeros(x.size(0), self.fc2.out_features)
        spikes = []
        for _ in range(self.num_steps):
            s1, mem1 = self.lif1(self.fc1(x), mem1)
            s2, mem2 = self.lif2(self.fc2(s1), mem2)
            spikes.append(s2)
        out = torch.stack(spikes)
        self.firing_rate = out.mean().item()  # breaks: compile
        return out.sum(0), mem2


Model = SpikingMLP


def inputs():
    torch.manual_seed(3210)
    return [(torch.rand(3, 10) * 2,), (torch.rand(5, 10) * 4,)]
