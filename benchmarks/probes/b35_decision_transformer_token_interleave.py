import torch
import torch.nn as nn


class DecisionTransformer(nn.Module):
    def __init__(self, state_dim=6, act_dim=3, hidden=32, max_ep_len=100, n_layer=2):
        super().__init__()
        self.hidden = hidden
        self.embed_timestep = nn.Embedding(max_ep_len, hidden)
        self.embed_return = nn.Linear(1, hidden)
        self.embed_state = nn.Linear(state_dim, hidden)
        self.embed_action = nn.Linear(act_dim, hidden)
        self.embed_ln = nn.LayerNorm(hidden)
        layer = nn.TransformerEncoderLayer(hidden, 4, 64, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, n_layer)
        self.predict_action = nn.Sequential(nn.Linear(hidden, act_dim), nn.Tanh())
        self.predict_state = nn.Linear(hidden, state_dim)

    def _interleave(self, *streams):
        b, t, h = streams[0].shape
        return torch.stack(streams, dim=1).permute(0, 2, 1, 3).reshape(b, len(streams) * t, h)

    def forward(self, states, actions, returns_to_go, timesteps):
        b, t = states.shape[:2]
        time_emb = self.embed_timestep(timesteps)
        tokens = self._interleave(
            self.embed_return(returns_to_go) + time_emb,
            self.embed_state(states) + time_emb,
            self.embed_action(actions) + time_emb,
        )
        causal = torch.triu(torch.ones(3 * t, 3 * t, dtype=torch.bool, device=states.device), diagonal=1)
        x = self.encoder(self.embed_ln(tokens), mask=causal)
        x = x.reshape(b, t, 3, self.hidden).permute(0, 2, 1, 3)
        return self.predict_state(x[:, 2]), self.predict_action(x[:, 1])


Model = DecisionTransformer


def inputs():
    torch.manual_seed(3504)
    out = []
    for b, t in [(2, 5), (3, 8)]:
        out.append((torch.randn(b, t, 6), torch.randn(b, t, 3), torch.randn(b, t, 1), torch.randint(0, 100, (b, t))))
    return out
