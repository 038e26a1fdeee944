# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ConvLSTMCell(nn.Module):
    def __init__(self, input_dim, hidden_dim, kernel_size=3, bias=True):
        super().__init__()
        self.hidden_dim = hidden_dim
        self.conv = nn.Conv2d(input_dim + hidden_dim, 4 * hidden_dim, kernel_size, padding=kernel_size // 2, bias=bias)

    def forward(self, input_tensor, cur_state):
        h_cur, c_cur = cur_state
        combined_conv = self.conv(torch.cat([input_tensor, h_cur], dim=1))
        cc_i, cc_f, cc_o, cc_g = torch.split(combined_conv, self.hidden_dim, dim=1)
        i, f, o = torch.sigmoid(cc_i), torch.sigmoid(cc_f), torch.sigmoid(cc_o)
        c_next = f * c_cur + i * torch.tanh(cc_g)
        return o * torch.tanh(c_next), c_next

    def init_hidden(self, batch_size, image_size, like):
        height, width = image_size
        z = like.new_zeros(batch_size, self.hidden_dim, height, width)
        return z, z.clone()


class ConvLSTMNowcaster(nn.Module):
    """Radar-echo nowcasting: encode the observed frames, then roll the state forward for the forecast horizon."""

    def __init__(self, in_channels=1, hidden_dims=(8, 8), horizon=3):
        super().__init__()
        self.horizon = horizon
        dims = [in_channels, *hidden_dims]
        self.cells = nn.ModuleList([ConvLSTMCell(dims[i], dims[i + 1]) for i in range(len(hidden_dims))])
        self.head = nn.Conv2d(hidden_dims[-1], in_channels, 1)

    def _step(self, frame, states):
        new_states = []
        inp = frame
        for cell, state in zip(self.cells, states):
            h, c = cell(inp, state)
            new_states.append((h, c))
            inp = h
        return inp, new_states

    def forward(self, x):
        b, seq_len, _, h, w = x.size()
        states = [cell.init_hidden(b, (h, w), x) for cell in self.cells]
        for t in range(seq_len):  # breaks: trace
            out, states = self._step(x[:, t], states)
        frame = self.head(out)
        preds = []
        for _ in range(self.horizon):
            preds.append(frame)
            out, states = self._step(frame, states)
            frame = torch.sigmoid(self.head(out))
        return torch.stack(preds, dim=1)


Model = ConvLSTMNowcaster


def inputs():
    torch.manual_seed(3905)
    return [(torch.rand(2, 4, 1, 8, 8),), (torch.rand(1, 6, 1, 10, 6),)]
