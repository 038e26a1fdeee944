import torch
from torch import nn
from torch.distributions import Categorical


def mlp(sizes, act=nn.Tanh):
    layers = []
    for i in range(len(sizes) - 1):
        layers += [nn.Linear(sizes[i], sizes[i + 1]), act() if i < len(sizes) - 2 else nn.Identity()]
    return nn.Sequential(*layers)


class ActorCritic(nn.Module):
    def __init__(self, obs_dim=6, n_actions=4, hidden=(32, 32)):
        super().__init__()
        self.pi = mlp([obs_dim, *hidden, n_actions])
        self.v = mlp([obs_dim, *hidden, 1])

    def distribution(self, obs, action_mask):
        logits = self.pi(obs).masked_fill(~action_mask, -1e8)
        return Categorical(logits=logits)

    def forward(self, obs, action_mask):
        dist = self.distribution(obs, action_mask)
        greedy = dist.probs.argmax(dim=-1)
        return greedy, dist.log_prob(greedy), dist.entropy(), self.v(obs).squeeze(-1)


Model = ActorCritic


def inputs():
    torch.manual_seed(61)
    m1 = torch.tensor([[True, True, False, True], [False, True, True, True]])
    m2 = torch.tensor([[True, False, False, True], [True, True, True, True], [False, False, True, False]])
    return [(torch.randn(2, 6), m1), (torch.randn(3, 6), m2)]
