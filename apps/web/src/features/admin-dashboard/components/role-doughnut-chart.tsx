import { useTheme } from '@mui/material/styles';
import { ROLES, type Role, type RoleCounts } from '@vahti/domain';
import { PieChart, type PieSeriesOption } from 'echarts/charts';
import {
  LegendComponent,
  type LegendComponentOption,
  TitleComponent,
  type TitleComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what a doughnut needs: the chart, its tooltip, legend and centre title, drawn as SVG.
use([PieChart, TooltipComponent, LegendComponent, TitleComponent, SVGRenderer]);

type DoughnutOption = ComposeOption<
  PieSeriesOption | TooltipComponentOption | LegendComponentOption | TitleComponentOption
>;

export interface RoleDoughnutChartProps {
  roles: RoleCounts;
  /** The roles' names in the user's language. */
  roleLabel: (role: Role) => string;
  /** The text in the middle, e.g. '12 käyttäjää'. */
  centerText: string;
}

/**
 * A doughnut of user counts by role (Apache ECharts). Loaded on demand; the chart is decoration
 * for sighted users, the card next to it lists the same numbers as text.
 */
export function RoleDoughnutChart({ roles, roleLabel, centerText }: RoleDoughnutChartProps) {
  const theme = useTheme();
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = element.current;
    if (!container) return;
    const chart = init(container, undefined, { renderer: 'svg' });
    const colors = [
      theme.palette.info.main,
      theme.palette.success.main,
      theme.palette.warning.main,
      theme.palette.primary.dark,
    ];
    const option: DoughnutOption = {
      color: colors,
      aria: { enabled: false },
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d} %)' },
      legend: { bottom: 0, textStyle: { color: theme.palette.text.primary } },
      title: {
        text: centerText,
        left: 'center',
        top: '38%',
        textStyle: { fontSize: 14, fontWeight: 600, color: theme.palette.text.primary },
      },
      series: [
        {
          type: 'pie',
          radius: ['45%', '70%'],
          center: ['50%', '45%'],
          avoidLabelOverlap: true,
          label: { show: false },
          data: ROLES.map((role) => ({ name: roleLabel(role), value: roles[role] })),
        },
      ],
    };
    chart.setOption(option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [roles, roleLabel, centerText, theme]);

  return <div ref={element} aria-hidden="true" style={{ width: '100%', height: 260 }} />;
}
