import torch
import torch.nn as nn
import torch.nn.functional as F


class C51Head(nn.Module):
    def __init__(self, obs_dim=6, n_actions=3, atoms=11, v_min=-5.0, v_max=5.0):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, 32), nn.ReLU())
        self.logits = nn.Linear(32, n_actions * atoms)
        self.n_actions, self.atoms = n_actions, atoms
        self.v_min, self.v_max = v_min, v_max
        self.register_buffer("support", torch.linspace(v_min, v_max, atoms))

    @property
    def delta_z(self):
        return (self.v_max - self.v_min) / (self.atoms - 1)

    def dist(self, obs):
        return F.softmax(self.logits(self.body(obs)).view(-1, self.n_actions, self.atoms), -1)


class DistributionalTarget(nn.Module):
    def __init__(self, gamma=0.99):
        super().__init__()
        self.net = C51Head()
        self.gamma = gamma

    def project(self, next_dist, rewards, dones):
        batch = rewards.size(0)
        atoms, support = self.net.atoms, self.net.support
        tz = rewards.unsqueeze(1) + (1 - dones).unsqueeze(1) * self.gamma * support.unsqueeze(0)
        tz = tz.clamp(self.net.v_min, self.net.v_max)
        b = (tz - self.net.v_min) / self.net.delta_z
        lo, hi = b.floor().long(), b.ceil().long()
        lo[(hi > 0) & (lo == hi)] -= 1  # breaks: compile,trace
        hi[(lo < atoms - 1) & (lo == hi)] += 1  # breaks: compile
        offset = torch.linspace(0, (batch - 1) * atoms, batch).long().unsqueeze(1).expand(batch, atoms)
        proj = torch.zeros(batch * atoms)
        proj.index_add_(0, (lo + offset).view(-1), (next_dist * (hi.float() - b)).view(-1))
        proj.index_add_(0, (hi + offset).view(-1), (next_dist * (b - lo.float())).view(-1))
        return proj.view(batch, atoms)

    def forward(self, next_obs, rewards, dones):
        dist = self.net.dist(next_obs)
        q = (dist * self.net.support).sum(-1)
        best = dist[torch.arange(dist.size(0)), q.argmax(1)]
        return self.project(best, rewards, dones)


Model = DistributionalTarget


def inputs():
    torch.manual_seed(3204)
    def batch(n):
        return torch.randn(n, 6), torch.randn(n) * 2, (torch.rand(n) < 0.3).float()
    return [batch(4), batch(6)]
