import torch
from torch import nn, Tensor


def make_beta_schedule(num_steps: int, start: float = 1e-4, end: float = 2e-2) -> Tensor:
    return torch.linspace(start ** 0.5, end ** 0.5, num_steps, dtype=torch.float64) ** 2


class DDIMStep(nn.Module):
    def __init__(self, num_train_timesteps: int = 100, num_inference_steps: int = 10):
        super().__init__()
        alphas_cumprod = torch.cumprod(1.0 - make_beta_schedule(num_train_timesteps), dim=0).float()
        self.register_buffer("alphas_cumprod", alphas_cumprod)
        self.final_alpha_cumprod = 1.0
        self.step_ratio = num_train_timesteps // num_inference_steps
        self.eps_model = nn.Sequential(nn.Linear(5, 16), nn.SiLU(), nn.Linear(16, 4))

    def _alpha_prev(self, prev_t: Tensor):
        return self.alphas_cumprod[prev_t] if prev_t >= 0 else self.final_alpha_cumprod  # breaks: compile,export,trace

    def forward(self, sample: Tensor, timestep: Tensor) -> Tensor:
        t_in = timestep.float().expand(sample.shape[0], 1) / len(self.alphas_cumprod)
        eps = self.eps_model(torch.cat([sample, t_in], dim=-1))
        alpha_t = self.alphas_cumprod[timestep]
        alpha_prev = self._alpha_prev(timestep - self.step_ratio)
        beta_t = 1 - alpha_t
        x0 = (sample - beta_t ** 0.5 * eps) / alpha_t ** 0.5
        direction = (1 - alpha_prev) ** 0.5 * eps
        return alpha_prev ** 0.5 * x0 + direction


Model = DDIMStep


def inputs():
    torch.manual_seed(244)
    return [
        (torch.randn(3, 4), torch.tensor(45)),
        (torch.randn(3, 4), torch.tensor(5)),
        (torch.randn(2, 4), torch.tensor(91)),
    ]
