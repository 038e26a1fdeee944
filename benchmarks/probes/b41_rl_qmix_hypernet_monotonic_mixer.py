# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


@dataclass
class QMixArgs:
    n_agents: int = 3
    n_actions: int = 5
    obs_dim: int = 10
    state_dim: int = 12
    rnn_hidden: int = 16
    mixing_embed_dim: int = 8
    hypernet_layers: int = 2
    hypernet_embed: int = 16


class RNNAgent(nn.Module):
    def __init__(self, args: QMixArgs):
        super().__init__()
        self.fc1 = nn.Linear(args.obs_dim + args.n_agents, args.rnn_hidden)
        self.rnn = nn.GRUCell(args.rnn_hidden, args.rnn_hidden)
        self.fc2 = nn.Linear(args.rnn_hidden, args.n_actions)

    def forward(self, obs: Tensor, hidden: Tensor):
        h = self.rnn(F.relu(self.fc1(obs)), hidden)
        return self.fc2(h), h


def make_hypernet(args: QMixArgs, out_dim: int) -> nn.Module:
    if args.hypernet_layers == 1:
        return nn.Linear(args.state_dim, out_dim)
    return nn.Sequential(nn.Linear(args.state_dim, args.hypernet_embed), nn.ReLU(), nn.Linear(args.hypernet_embed, out_dim))


class QMixer(nn.Module):
    def __init__(self, args: QMixArgs):
        super().__init__()
        self.n_agents, self.embed_dim = args.n_agents, args.mixing_embed_dim
        self.hyper_w_1 = make_hypernet(args, self.embed_dim * self.n_agents)
        self.hyper_w_final = make_hypernet(args, self.embed_dim)
        self.hyper_b_1 = nn.Linear(args.state_dim, self.embed_dim)
        self.V = nn.Sequential(nn.Linear(args.state_dim, self.embed_dim), nn.ReLU(), nn.Linear(self.embed_dim, 1))

    def forward(self, agent_qs: Tensor, states: Tensor) -> Tensor:
        bs = agent_qs.size(0)
        states = states.reshape(-1, states.size(-1))
        agent_qs = agent_qs.view(-1, 1, self.n_agents)
        w1 = torch.abs(self.hyper_w_1(states)).view(-1, self.n_agents, self.embed_dim)
        b1 = self.hyper_b_1(states).view(-1, 1, self.embed_dim)
        hidden = F.elu(torch.bmm(agent_qs, w1) + b1)
        w_final = torch.abs(self.hyper_w_final(states)).view(-1, self.embed_dim, 1)
        v = self.V(states).view(-1, 1, 1)
        y = torch.bmm(hidden, w_final) + v
        return y.view(bs, -1, 1)


class QMIX(nn.Module):
    def __init__(self, args: QMixArgs = QMixArgs()):
        super().__init__()
        self.args = args
        self.agent = RNNAgent(args)
        self.mixer = QMixer(args)
        self.register_buffer("agent_ids", torch.eye(args.n_agents))

    def forward(self, obs: Tensor, state: Tensor, avail_actions: Tensor) -> Tensor:
        # obs: B,T,A,obs  state: B,T,S  avail: B,T,A,n_actions
        b, T, A, _ = obs.shape
        hidden = obs.new_zeros(b * A, self.args.rnn_hidden)
        qs = []
        for t in range(T):
            inp = torch.cat([obs[:, t], self.agent_ids.expand(b, -1, -1)], dim=-1).reshape(b * A, -1)
            q, hidden = self.agent(inp, hidden)
            qs.append(q.view(b, A, -1))
        q = torch.stack(qs, dim=1).masked_fill(avail_actions == 0, -1e9)
        chosen = q.max(dim=-1).values
        return self.mixer(chosen, state)


Model = QMIX


def inputs():
    torch.manual_seed(4109)
    avail = (torch.rand(2, 4, 3, 5) > 0.3).long()
    avail[..., 0] = 1
    avail2 = torch.ones(2, 4, 3, 5, dtype=torch.long)
    return [(torch.randn(2, 4, 3, 10), torch.randn(2, 4, 12), avail), (torch.randn(2, 4, 3, 10), torch.randn(2, 4, 12), avail2)]
