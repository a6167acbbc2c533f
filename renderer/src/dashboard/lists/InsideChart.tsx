import { format, t, wordsOf } from '../../shared/i18n/index.ts';
import type { InsideChart as ChartData } from '../api/lists.ts';

const words = wordsOf(() => t.dashboard.lists.inside);
const WIDTH = 300;
const HEIGHT = 80;

type Point = ChartData['event'][number];

/**
 * Who was inside over the last hours, one small chart per list and one for the event (each on its own scale, so a
 * workshop of 30 reads as well as a hall of 3,000). The line is for the eye only: a sentence sums each up, and a
 * visually hidden table gives a screen reader every point.
 */
export function InsideCharts({ chart, timeZone }: { chart: ChartData; timeZone: string }) {
  return (
    <div className="inside-charts">
      <OneChart
        title={words.chartEventTitle}
        points={chart.event}
        timeZone={timeZone}
        testId="inside-chart-event"
      />
      {chart.lists.map((list) => (
        <OneChart
          key={list.id}
          title={words.chartTitle(list.name)}
          points={list.points}
          timeZone={timeZone}
          testId="inside-chart-list"
        />
      ))}
    </div>
  );
}

function OneChart({
  title,
  points,
  timeZone,
  testId,
}: {
  title: string;
  points: Point[];
  timeZone: string;
  testId: string;
}) {
  const time = (iso: string) => format.time(iso, timeZone);
  const most = points.reduce<Point | null>(
    (best, p) => (!best || p.inside_now > best.inside_now ? p : best),
    null,
  );
  const last = points[points.length - 1];
  const top = Math.max(most?.inside_now ?? 0, 1);
  const step = WIDTH / Math.max(points.length - 1, 1);
  const line = points
    .map((p, index) => `${(index * step).toFixed(1)},${(HEIGHT - (p.inside_now / top) * HEIGHT).toFixed(1)}`)
    .join(' ');
  return (
    <figure className="inside-chart" data-testid={testId}>
      <figcaption className="desk-chart-title">{title}</figcaption>
      {!most || most.inside_now === 0 ? (
        <p className="muted">{words.chartEmpty}</p>
      ) : (
        <>
          <p className="muted">{words.chartSummary(last?.inside_now ?? 0, most.inside_now, time(most.at))}</p>
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            aria-hidden="true"
            focusable="false"
          >
            <polyline points={line} />
          </svg>
          <div className="desk-chart-axis" aria-hidden="true">
            <span>{time(points[0]!.at)}</span>
            <span>{time(last!.at)}</span>
          </div>
          <table className="visually-hidden">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{words.at}</th>
                <th scope="col">{words.inside}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.at}>
                  <th scope="row">{time(p.at)}</th>
                  <td>{p.inside_now}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
